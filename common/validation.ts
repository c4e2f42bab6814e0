// Validation rules and the spec's exact messages, shared by the browser (for convenience)
// and the server (the authority).

export const MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Invalid email address",
  phone: "Phone number must be at least 10 digits",
  // The spec said 6; raised to 8 (issue 10, docs/decisions/014-sign-in-throttling-and-password-policy.md).
  password: "Password must be at least 8 characters",
  passwordTooCommon: "This password is too common or too easy to guess. Try a few unrelated words, e.g. \"mango bicycle Lekki\".",
  passwordHasEmail: "Password must not contain your email address",
  passwordRequired: "Please enter your password",
  passwordTooLong: "Password must be at most 128 characters",
  passwordsDiffer: "Passwords do not match",
  addressRequired: "Please enter your delivery address",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  confirmPrefix: "Please complete delivery details: ",
} as const;

export const LIMITS = { name: 100, email: 254, phone: 20, address: 500, password: 128, passwordMin: 8 } as const;

/** What sign-up (and any password change) tells the shopper before they type. */
export const PASSWORD_HINT = "At least 8 characters. Not a common password and not your email address.";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function emailError(email: string): string | null {
  const value = email.trim();
  return value.length > LIMITS.email || !EMAIL.test(value) ? MESSAGES.email : null;
}

/**
 * The cheap part of the password policy for a new password, shared with the browser. The server
 * also refuses common passwords from a dictionary the browser never loads (password-policy.ts).
 */
export function passwordError(password: string, email?: string): string | null {
  if (password.length < LIMITS.passwordMin) return MESSAGES.password;
  if (password.length > LIMITS.password) return MESSAGES.passwordTooLong;
  // One character repeated ("aaaaaaaa", twelve spaces) or a run like "12345678" / "abcdefgh".
  if (/^(.)\1*$/su.test(password) || isRun(password.toLowerCase())) return MESSAGES.passwordTooCommon;
  if (email && containsEmail(password, email)) return MESSAGES.passwordHasEmail;
  return null;
}

function isRun(text: string): boolean {
  for (const step of [1, -1]) {
    let run = true;
    for (let i = 1; i < text.length && run; i++) run = text.charCodeAt(i) - text.charCodeAt(i - 1) === step;
    if (run) return true;
  }
  return false;
}

/** The whole email, or its part before @ when that is at least 3 characters, anywhere in the password (any case). */
function containsEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split("@")[0] ?? "";
  return (address.length > 0 && lower.includes(address)) || (local.length >= 3 && lower.includes(local));
}

/** A login only needs a password; the policy applies to new passwords, so older accounts still sign in. */
function loginPasswordError(password: string): string | null {
  if (password.length === 0) return MESSAGES.passwordRequired;
  if (password.length > LIMITS.password) return MESSAGES.passwordTooLong;
  return null;
}

export interface CredentialsInput {
  email: string;
  password: string;
  confirmPassword?: string;
}

/** First failing message for a login (or, with confirmPassword, a sign-up). */
export function credentialsError(input: CredentialsInput, signUp = false): string | null {
  return (
    emailError(input.email) ??
    (signUp ? passwordError(input.password, input.email) : loginPasswordError(input.password)) ??
    (signUp && input.confirmPassword !== undefined && input.confirmPassword !== input.password ? MESSAGES.passwordsDiffer : null)
  );
}

export interface DeliveryDetailsInput {
  fullName: string;
  email: string;
  phone: string;
  deliveryMethod: string;
  address?: string | null;
}

/** Every failing message of the checkout details, in the spec's order (name, email, phone, address). */
export function deliveryDetailsErrors(input: DeliveryDetailsInput): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const name = input.fullName.trim();
  if (name.length < 2) errors.push({ field: "fullName", message: MESSAGES.name });
  else if (name.length > LIMITS.name) errors.push({ field: "fullName", message: MESSAGES.tooLong("Name", LIMITS.name) });
  const email = emailError(input.email);
  if (email) errors.push({ field: "email", message: email });
  const phone = input.phone.trim();
  if (phone.length < 10) errors.push({ field: "phone", message: MESSAGES.phone });
  else if (phone.length > LIMITS.phone) errors.push({ field: "phone", message: MESSAGES.tooLong("Phone number", LIMITS.phone) });
  const address = (input.address ?? "").trim();
  if ((input.deliveryMethod === "doorstep" || input.deliveryMethod === "park") && !address) {
    errors.push({ field: "address", message: MESSAGES.addressRequired });
  } else if (address.length > LIMITS.address) {
    errors.push({ field: "address", message: MESSAGES.tooLong("Address", LIMITS.address) });
  }
  return errors;
}
