// Who am I, sign up, log in, log out.
import { builder } from "./builder.ts";
import { GuestCartLineInput } from "./cart.ts";
import { RateLimitError, ValidationError } from "../modules/errors.ts";
import { logIn, signUp } from "../modules/accounts/accounts.service.ts";
import { invalidateSession } from "../auth/session.ts";

interface ViewerShape {
  id: string;
  email: string;
  fullName: string | null;
  isAdmin: boolean;
}

const ViewerType = builder.objectRef<ViewerShape>("Viewer").implement({
  description: "The signed-in shopper or admin.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    fullName: t.exposeString("fullName", { nullable: true }),
    isAdmin: t.exposeBoolean("isAdmin"),
  }),
});

const AuthPayload = builder.objectRef<{ viewer: ViewerShape }>("AuthPayload").implement({
  fields: (t) => ({ viewer: t.field({ type: ViewerType, resolve: (p) => p.viewer }) }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: ViewerType,
    nullable: true,
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) => {
      if (!ctx.viewer) return null;
      const user = await ctx.prisma.user.findUnique({ where: { id: ctx.viewer.userId }, select: { fullName: true } });
      return { id: ctx.viewer.userId, email: ctx.viewer.email, fullName: user?.fullName ?? null, isAdmin: ctx.viewer.isAdmin };
    },
  }),
);

const SignUpInput = builder.inputType("SignUpInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
    fullName: t.string({ required: false }),
    guestCart: t.field({ type: [GuestCartLineInput], required: false, description: "Merged into the new account's cart" }),
  }),
});

const LogInInput = builder.inputType("LogInInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    guestCart: t.field({ type: [GuestCartLineInput], required: false, description: "Merged into the account's cart (quantities add, capped at stock)" }),
  }),
});

builder.mutationFields((t) => ({
  signUp: t.field({
    type: AuthPayload,
    errors: { types: [ValidationError, RateLimitError] },
    authScopes: { public: true },
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { user, session } = await signUp(ctx.prisma, input, ctx.ip);
      ctx.cookies.set(session.token, session.expiresAt);
      return { viewer: { id: user.id, email: user.email, fullName: user.fullName, isAdmin: false } };
    },
  }),
  logIn: t.field({
    type: AuthPayload,
    errors: { types: [ValidationError, RateLimitError] },
    authScopes: { public: true },
    args: { input: t.arg({ type: LogInInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { user, session } = await logIn(ctx.prisma, input, ctx.ip);
      ctx.cookies.set(session.token, session.expiresAt);
      const isAdmin = (await ctx.prisma.userRole.count({ where: { userId: user.id, role: "admin" } })) > 0;
      return { viewer: { id: user.id, email: user.email, fullName: user.fullName, isAdmin } };
    },
  }),
  logOut: t.boolean({
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) => {
      if (ctx.viewer) await invalidateSession(ctx.prisma, ctx.viewer.sessionId);
      ctx.cookies.clear();
      return true;
    },
  }),
}));
