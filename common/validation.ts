// Validation rules and the spec's exact messages, shared by the browser (for convenience)
// and the server (the authority).

export const MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Invalid email address",
  phone: "Phone number must be at least 10 digits",
  password: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordsDiffer: "Passwords do not match",
  addressRequired: "Please enter your delivery address",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  confirmPrefix: "Please complete delivery details: ",
} as const;

export const LIMITS = { name: 100, email: 254, phone: 20, address: 500, password: 128 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function emailError(email: string): string | null {
  const value = email.trim();
  return value.length > LIMITS.email || !EMAIL.test(value) ? MESSAGES.email : null;
}

export function passwordError(password: string): string | null {
  if (password.length < 6) return MESSAGES.password;
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
    passwordError(input.password) ??
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
