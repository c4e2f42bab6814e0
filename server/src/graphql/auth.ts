// Who am I, sign up, log in, log out.
import { builder } from "./builder.ts";
import { GuestCartLineInput } from "./cart.ts";
import { RateLimitError, ValidationError } from "../modules/errors.ts";
import { logIn, signUp } from "../modules/accounts/accounts.service.ts";
import { invalidateSession } from "../auth/session.ts";
import { roleOf, type UserRoleName } from "../auth/viewer.ts";

interface ViewerShape {
  id: string;
  email: string;
  fullName: string | null;
  role: UserRoleName;
}

export const UserRoleEnum = builder.enumType("UserRole", {
  description: "What a user may do: customer (shop), staff (run the day: orders, payments queue, products, reviews, claims) or admin (everything).",
  values: {
    customer: { description: "A shopper: their own cart, orders and profile" },
    staff: { description: "Runs the day: orders, the payments queue, products, reviews and claims (refunds up to STAFF_REFUND_LIMIT)" },
    admin: { description: "The owner and partners: everything, including figures, exports, users, settings and the audit log" },
  } satisfies Record<UserRoleName, { description: string }>,
});

const ViewerType = builder.objectRef<ViewerShape>("Viewer").implement({
  description: "The signed-in shopper, staff member or admin.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "User id (UUID)" }),
    email: t.exposeString("email", { description: "Sign-in email address" }),
    fullName: t.exposeString("fullName", { nullable: true, description: "Name given at sign-up or in the profile; null if never given" }),
    role: t.field({ type: UserRoleEnum, description: "customer, staff or admin: what the admin screens offer follows it (the server checks every call)", resolve: (v) => v.role }),
    isAdmin: t.boolean({ description: "True when the user has the admin role", resolve: (v) => v.role === "admin" }),
  }),
});

const AuthPayload = builder.objectRef<{ viewer: ViewerShape }>("AuthPayload").implement({
  description: "Result of signing up or in; the session cookie is set on the same response.",
  fields: (t) => ({ viewer: t.field({ type: ViewerType, description: "The user now signed in", resolve: (p) => p.viewer }) }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: ViewerType,
    nullable: true,
    authScopes: { public: true },
    description: "Who is signed in by the session cookie; null for a guest (public).",
    resolve: async (_root, _args, ctx) => {
      if (!ctx.viewer) return null;
      const user = await ctx.prisma.user.findUnique({ where: { id: ctx.viewer.userId }, select: { fullName: true } });
      return { id: ctx.viewer.userId, email: ctx.viewer.email, fullName: user?.fullName ?? null, role: ctx.viewer.role };
    },
  }),
);

const SignUpInput = builder.inputType("SignUpInput", {
  description: "A new shopper account.",
  fields: (t) => ({
    email: t.string({ required: true, description: "Email address to sign in with; must not be registered yet" }),
    password: t.string({ required: true, description: "New password; refused when it fails the password policy" }),
    confirmPassword: t.string({ required: true, description: "Same password again; must match" }),
    fullName: t.string({ required: false, description: "Shopper's name, used on orders and emails" }),
    guestCart: t.field({ type: [GuestCartLineInput], required: false, description: "Merged into the new account's cart" }),
  }),
});

const LogInInput = builder.inputType("LogInInput", {
  description: "Email and password of an existing account.",
  fields: (t) => ({
    email: t.string({ required: true, description: "Account email address" }),
    password: t.string({ required: true, description: "Account password" }),
    guestCart: t.field({ type: [GuestCartLineInput], required: false, description: "Merged into the account's cart (quantities add, capped at stock)" }),
  }),
});

builder.mutationFields((t) => ({
  signUp: t.field({
    type: AuthPayload,
    description: "Creates a shopper account and signs it in (public); refuses a taken email or weak password.",
    errors: { types: [ValidationError, RateLimitError] },
    authScopes: { public: true },
    args: { input: t.arg({ type: SignUpInput, required: true, description: "The new account" }) },
    resolve: async (_root, { input }, ctx) => {
      const { user, session } = await signUp(ctx.prisma, input, ctx.ip);
      ctx.cookies.set(session.token, session.expiresAt);
      return { viewer: { id: user.id, email: user.email, fullName: user.fullName, role: "customer" as const } };
    },
  }),
  logIn: t.field({
    type: AuthPayload,
    description: "Signs in and sets the session cookie (public); repeated failures are throttled (RateLimitError).",
    errors: { types: [ValidationError, RateLimitError] },
    authScopes: { public: true },
    args: { input: t.arg({ type: LogInInput, required: true, description: "Email and password" }) },
    resolve: async (_root, { input }, ctx) => {
      const { user, session } = await logIn(ctx.prisma, input, ctx.ip);
      ctx.cookies.set(session.token, session.expiresAt);
      const role = roleOf(await ctx.prisma.userRole.findMany({ where: { userId: user.id }, select: { role: true } }));
      return { viewer: { id: user.id, email: user.email, fullName: user.fullName, role } };
    },
  }),
  logOut: t.boolean({
    description: "Ends the current session and clears its cookie; always true (public).",
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) => {
      if (ctx.viewer) await invalidateSession(ctx.prisma, ctx.viewer.sessionId);
      ctx.cookies.clear();
      return true;
    },
  }),
}));
