// Admin: the shop's users with their roles, and setting a user's role (customer, staff, admin;
// decision 038). setUserRole replaced setUserAdmin (27 Nov 2026).
import { builder } from "./builder.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { listUsers, setUserRole } from "../modules/admin/users.service.ts";
import { roleOf } from "../auth/viewer.ts";
import { UserRoleEnum } from "./auth.ts";

interface AdminUserShape {
  id: string;
  email: string;
  fullName: string | null;
  createdAt: Date;
  roles: { role: string }[];
}

const AdminUser = builder.objectRef<AdminUserShape>("AdminUser").implement({
  description: "A user account as admins see it, with its role (admin).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "User id (UUID)" }),
    email: t.exposeString("email", { description: "Sign-in email address" }),
    fullName: t.exposeString("fullName", { nullable: true, description: "Name given; null if never given" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Sign-up date" }),
    role: t.field({ type: UserRoleEnum, description: "The user's role", resolve: (user) => roleOf(user.roles) }),
    roles: t.stringList({ description: "Role rows held (admin or staff); empty for a customer", resolve: (user) => user.roles.map((r) => r.role) }),
    isAdmin: t.boolean({ description: "True when the user holds the admin role", resolve: (user) => roleOf(user.roles) === "admin" }),
  }),
});

const userSelect = { id: true, email: true, fullName: true, createdAt: true, roles: { select: { role: true } } } as const;

builder.queryFields((t) => ({
  adminUsers: t.field({
    type: [AdminUser],
    description: "Users, newest first, with their roles.",
    authScopes: { admin: true },
    args: {
      offset: t.arg.int({ required: false, defaultValue: 0, description: "Users to skip" }),
      limit: t.arg.int({ required: false, defaultValue: 100, description: "Page size (capped by the server)" }),
    },
    resolve: (_root, args, ctx) => listUsers(ctx.prisma, args.offset, args.limit),
  }),
}));

builder.mutationFields((t) => ({
  setUserRole: t.field({
    type: AdminUser,
    description: "Sets a user's role (never your own; the ADMIN_EMAIL account stays admin; the shop keeps an admin). Audited.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      userId: t.arg.id({ required: true, description: "User id (UUID)" }),
      role: t.arg({ type: UserRoleEnum, required: true, description: "The new role" }),
    },
    resolve: async (_root, { userId, role }, ctx) => {
      await setUserRole(ctx.prisma, actorOf(ctx.viewer), ctx.config.adminEmail, String(userId), role);
      return ctx.prisma.user.findUniqueOrThrow({ where: { id: String(userId) }, select: userSelect });
    },
  }),
}));
