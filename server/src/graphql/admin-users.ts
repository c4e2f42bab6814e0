// Admin: the shop's users with their roles; granting and revoking the admin role.
import { builder } from "./builder.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { listUsers, setAdminRole } from "../modules/admin/users.service.ts";

interface AdminUserShape {
  id: string;
  email: string;
  fullName: string | null;
  createdAt: Date;
  roles: { role: string }[];
}

const AdminUser = builder.objectRef<AdminUserShape>("AdminUser").implement({
  description: "A user account as admins see it, with its roles (admin).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "User id (UUID)" }),
    email: t.exposeString("email", { description: "Sign-in email address" }),
    fullName: t.exposeString("fullName", { nullable: true, description: "Name given; null if never given" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "Sign-up date" }),
    roles: t.stringList({ description: "Role names held, e.g. admin", resolve: (user) => user.roles.map((r) => r.role) }),
    isAdmin: t.boolean({ description: "True when the user holds the admin role", resolve: (user) => user.roles.some((r) => r.role === "admin") }),
  }),
});

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
  setUserAdmin: t.field({
    type: AdminUser,
    description: "Grants or revokes the admin role (never your own, never the last admin's).",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      userId: t.arg.id({ required: true, description: "User id (UUID)" }),
      admin: t.arg.boolean({ required: true, description: "True grants the admin role, false revokes it" }),
    },
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
