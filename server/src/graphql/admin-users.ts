// Admin: the shop's users with their roles; granting and revoking the admin role.
import { builder } from "./builder.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { listUsers, setAdminRole } from "../modules/admin/users-admin.ts";

interface AdminUserShape {
  id: string;
  email: string;
  fullName: string | null;
  createdAt: Date;
  roles: { role: string }[];
}

const AdminUser = builder.objectRef<AdminUserShape>("AdminUser").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    fullName: t.exposeString("fullName", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Sign-up date" }),
    roles: t.stringList({ resolve: (user) => user.roles.map((r) => r.role) }),
    isAdmin: t.boolean({ resolve: (user) => user.roles.some((r) => r.role === "admin") }),
  }),
});

builder.queryFields((t) => ({
  adminUsers: t.field({
    type: [AdminUser],
    description: "Users, newest first, with their roles.",
    authScopes: { admin: true },
    args: {
      offset: t.arg.int({ required: false, defaultValue: 0 }),
      limit: t.arg.int({ required: false, defaultValue: 100 }),
    },
    resolve: (_root, args, ctx) => listUsers(ctx.prisma, args.offset, args.limit),
  }),
}));

builder.mutationFields((t) => ({
  setUserAdmin: t.field({
    type: AdminUser,
    description: "Grants or revokes the admin role (never your own, never the last admin's).",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { userId: t.arg.id({ required: true }), admin: t.arg.boolean({ required: true }) },
    resolve: async (_root, { userId, admin }, ctx) => {
      await setAdminRole(ctx.prisma, actorOf(ctx.viewer), String(userId), admin);
      const user = await ctx.prisma.user.findUniqueOrThrow({
        where: { id: String(userId) },
        select: { id: true, email: true, fullName: true, createdAt: true, roles: { select: { role: true } } },
      });
      return user;
    },
  }),
}));
