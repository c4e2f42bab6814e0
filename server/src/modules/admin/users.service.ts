// Admins see the shop's users and set their roles (customer, staff, admin; decision 038).
import type { Db } from "../../db/database.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { pageWindow } from "../paging.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";
import { roleOf, type UserRoleName } from "../../auth/viewer.ts";

export const USERS_PAGE_MAX = 200;

export function listUsers(prisma: Db, offset?: number | null, limit?: number | null) {
  return prisma.user.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    ...pageWindow(offset, limit, { defaultLimit: 100, maxLimit: USERS_PAGE_MAX }),
    select: { id: true, email: true, fullName: true, createdAt: true, roles: { select: { role: true } } },
  });
}

/**
 * Gives a user exactly one role: customer (no row), staff or admin (decision 038). The owner's
 * account (ADMIN_EMAIL) is always admin, nobody changes their own role (they would lock themselves
 * out mid-task), and no change leaves the shop without an admin.
 */
export async function setUserRole(prisma: Db, actor: Actor, ownerEmail: string, userId: string, role: UserRoleName) {
  invariant(isUuid(userId), "User not found", "userId");
  return prisma.$transaction(async (tx) => {
    // Lock the admin rows first, so two admins demoting each other at once cannot leave none.
    await tx.$queryRaw`SELECT id FROM user_roles WHERE role = 'admin' FOR UPDATE`;
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true, roles: { select: { role: true } } } });
    if (!user) throw new NotFoundError("User not found");
    const was = roleOf(user.roles);
    if (was === role) return user.id;
    if (userId === actor.id) throw new ValidationError("You cannot change your own role");
    if (user.email.toLowerCase() === ownerEmail.toLowerCase()) throw new ValidationError("The owner's account (ADMIN_EMAIL) is always an admin");
    if (was === "admin" && (await tx.userRole.count({ where: { role: "admin" } })) <= 1) throw new ValidationError("The shop needs at least one admin");
    await tx.userRole.deleteMany({ where: { userId } });
    if (role !== "customer") await tx.userRole.create({ data: { userId, role } });
    // Sessions carry the role as read at each request (auth/session.ts): the change applies at once.
    await recordAudit(tx, {
      actor,
      action: "user.set_role",
      entityType: "user",
      entityId: userId,
      before: { email: user.email, role: was },
      after: { email: user.email, role },
    });
    return user.id;
  });
}

export async function adminCounts(prisma: Db) {
  const [products, orders, users, reviews, sections, failedEmails] = await Promise.all([
    prisma.product.count(),
    prisma.order.count(),
    prisma.user.count(),
    prisma.customerReview.count(),
    prisma.homepageSection.count(),
    prisma.emailOutbox.count({ where: { status: "failed" } }),
  ]);
  return { products, orders, users, reviews, sections, failedEmails };
}
