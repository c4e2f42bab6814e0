/** Who is making the request, as established from the session cookie. */
export interface Viewer {
  userId: string;
  email: string;
  sessionId: string;
  /** customer (no role row), staff or admin (decision 038). */
  role: UserRoleName;
  /** role === "admin", kept for the many places that ask only that. */
  isAdmin: boolean;
}

export const USER_ROLES = ["customer", "staff", "admin"] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

/** A user's role from their user_roles rows: admin outranks staff; no row is a customer. */
export function roleOf(rows: readonly { role: string }[]): UserRoleName {
  if (rows.some((r) => r.role === "admin")) return "admin";
  if (rows.some((r) => r.role === "staff")) return "staff";
  return "customer";
}

/** Whether this viewer may run the day (orders, payments queue, products, reviews, claims). */
export const isStaffOrAdmin = (viewer: Pick<Viewer, "role"> | null | undefined): boolean => viewer?.role === "staff" || viewer?.role === "admin";
