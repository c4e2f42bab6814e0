// Sign-up, login and the admin account. Failures never reveal whether an email is registered.
import type { Db } from "../../db/database.ts";
import { credentialsError, LIMITS } from "../../../../common/validation.ts";
import { hashPassword, verifyPassword } from "../../auth/password.ts";
import { createSession } from "../../auth/session.ts";
import { ValidationError } from "../errors.ts";
import { hitRateLimit } from "./rate-limit.ts";
import { assertMayTryLogin, recordLoginFailure, recordLoginSuccess } from "./login-throttle.ts";
import { newPasswordError } from "./password-policy.ts";
import { queueEmail } from "../../mail/outbox.ts";
import { mergeGuestCart, type GuestCartLine } from "../cart/cart.service.ts";

// Per address: generous, many shoppers share one carrier address. Per email: a few tries an hour.
export const SIGNUP_RULES = {
  perAddress: { limit: 60, windowSeconds: 60 * 60 },
  perEmail: { limit: 5, windowSeconds: 60 * 60 },
};
export const INVALID_LOGIN = "Invalid login credentials";

// Verifying against a real hash when the user does not exist keeps response times alike.
let dummyHash: Promise<string> | null = null;

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface SignUpInput {
  email: string;
  password: string;
  confirmPassword: string;
  fullName?: string | null;
  /** The browser's guest cart, merged into the new account's cart. */
  guestCart?: GuestCartLine[] | null;
}

export async function signUp(prisma: Db, input: SignUpInput, ip: string) {
  const problem = credentialsError(input, true) ?? newPasswordError(input.password, input.email);
  if (problem) throw new ValidationError(problem);
  const fullName = input.fullName?.trim() || null;
  if (fullName && fullName.length > LIMITS.name) throw new ValidationError(`Name must be at most ${LIMITS.name} characters`, "fullName");
  const email = normaliseEmail(input.email);
  await hitRateLimit(prisma, [`signup:ip:${ip}`], SIGNUP_RULES.perAddress);
  await hitRateLimit(prisma, [`signup:email:${email}`], SIGNUP_RULES.perEmail);
  const passwordHash = await hashPassword(input.password);
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new ValidationError("Unable to create an account with this email. Try logging in instead.", "email");
  const user = await prisma.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: { email, passwordHash, fullName, profile: { create: { fullName } } },
    });
    await queueEmail(tx, {
      to: email,
      subject: "Welcome to the thrift store",
      body: `Hello${fullName ? ` ${fullName}` : ""},\n\nYour account is ready. Sign in any time to see your orders and check out faster.\n`,
    });
    return created;
  });
  await mergeGuestCart(prisma, user.id, input.guestCart ?? []);
  const session = await createSession(prisma, user.id);
  return { user, session };
}

export async function logIn(prisma: Db, input: { email: string; password: string; guestCart?: GuestCartLine[] | null }, ip: string) {
  const problem = credentialsError(input);
  if (problem) throw new ValidationError(problem);
  const email = normaliseEmail(input.email);
  await assertMayTryLogin(prisma, email, ip);
  const user = await prisma.user.findUnique({ where: { email } });
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verifyPassword(await dummyHash, input.password);
  }
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
    await recordLoginFailure(prisma, email, ip);
    throw new ValidationError(INVALID_LOGIN);
  }
  await recordLoginSuccess(prisma, email, ip);
  await mergeGuestCart(prisma, user.id, input.guestCart ?? []);
  const session = await createSession(prisma, user.id);
  return { user, session };
}

/**
 * Creates the admin account, or gives an existing account of ADMIN_EMAIL the admin role when
 * ADMIN_PASSWORD opens it. Sign-up verifies no email address: anyone may have registered the
 * owner's address before ADMIN_EMAIL named it, and must not become admin by it (`refused`).
 * Returns the password it generated, if any.
 */
export async function ensureAdmin(prisma: Db, email: string, password: string | null): Promise<{ generatedPassword: string | null; refused: boolean }> {
  const existing = await prisma.user.findUnique({ where: { email }, include: { roles: true } });
  if (existing) {
    if (existing.roles.some((r) => r.role === "admin")) return { generatedPassword: null, refused: false };
    if (!password || !(await verifyPassword(existing.passwordHash, password))) return { generatedPassword: null, refused: true };
    await prisma.userRole.create({ data: { userId: existing.id, role: "admin" } });
    return { generatedPassword: null, refused: false };
  }
  const generatedPassword = password ? null : crypto.randomUUID().replace(/-/g, "").slice(0, 16);
  await prisma.user.create({
    data: {
      email,
      passwordHash: await hashPassword(password ?? generatedPassword!),
      fullName: "Store Admin",
      profile: { create: { fullName: "Store Admin" } },
      roles: { create: { role: "admin" } },
    },
  });
  return { generatedPassword, refused: false };
}
