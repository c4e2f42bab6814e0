// Admins see the shop's users and grant or revoke the admin role. The shop always keeps at least
// one admin, and nobody removes their own admin role (they would lock themselves out mid-task).
import type { Db } from "../../db/database.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { pageWindow } from "../paging.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";

export const USERS_PAGE_MAX = 200;

export function listUsers(prisma: Db, offset?: number | null, limit?: number | null) {
  return prisma.user.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    ...pageWindow(offset, limit, { defaultLimit: 100, maxLimit: USERS_PAGE_MAX }),
    select: { id: true, email: true, fullName: true, createdAt: true, roles: { select: { role: true } } },
  });
}

export async function setAdminRole(prisma: Db, actor: Actor, userId: string, admin: boolean) {
  invariant(isUuid(userId), "User not found", "userId");
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true, roles: { select: { role: true } } } });
    if (!user) throw new NotFoundError("User not found");
    const wasAdmin = user.roles.some((r) => r.role === "admin");
    if (wasAdmin === admin) return user.id;
    if (admin) {
      await tx.userRole.create({ data: { userId, role: "admin" } });
    } else {
      if (userId === actor.id) throw new ValidationError("You cannot remove your own admin role");
      // Lock the admin rows so two admins revoking each other at once cannot leave none.
      await tx.$queryRaw`SELECT id FROM user_roles WHERE role = 'admin' FOR UPDATE`;
      const admins = await tx.userRole.count({ where: { role: "admin" } });
      if (admins <= 1) throw new ValidationError("The shop needs at least one admin");
      await tx.userRole.deleteMany({ where: { userId, role: "admin" } });
    }
    await recordAudit(tx, {
      actor,
      action: admin ? "user.grant_admin" : "user.revoke_admin",
      entityType: "user",
      entityId: userId,
      before: { email: user.email, admin: wasAdmin },
      after: { email: user.email, admin },
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
