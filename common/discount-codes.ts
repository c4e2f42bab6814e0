// Discount codes, as both sides read them: what an admin may type for a code (the codes screen
// answers at once, the server decides), what a code takes off an order's items, and why a code
// does not apply. The server applies the same rule inside the checkout's transaction (decision 037).
import { parseNaira, nairaProblemMessage } from "./product-validation.ts";
import { formatNaira } from "./naira.ts";
import { fromKobo, toKobo } from "./kobo.ts";

export const CODE_MESSAGES = {
  notValid: "This code is not valid",
  expired: "This code has expired",
  notStarted: "This code has not started yet",
  usedUp: "This code has been used up",
  usedByPhone: "You have already used this code",
  addMore: (shortfall: string) => `Add ${formatNaira(shortfall)} more to use this code`,
} as const;

/** Letters and digits, 3 to 20 of them, e.g. IGFAM10. */
const CODE = /^[A-Z0-9]{3,20}$/;
export const PERCENT_RANGE = { min: 1, max: 90 } as const;

/** The code as stored and compared: trimmed and in capitals ("igfam10 " → "IGFAM10"). */
export function normalizeCode(text: string): string {
  return text.trim().toUpperCase();
}

/** A code's terms as the checkout needs them; amounts are exact decimal strings ("2000.00"). */
export interface CodeTerms {
  percentOff: number | null;
  amountOff: string | null;
  minSubtotal: string | null;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  maxUses: number | null;
  uses: number;
  active: boolean;
}

/**
 * What the code takes off the items' subtotal, as a decimal string: a percentage rounded down to the
 * kobo, or the amount, never more than the subtotal itself (an order never costs less than nothing).
 * The delivery fee is not the code's business.
 */
export function discountFor(terms: Pick<CodeTerms, "percentOff" | "amountOff">, subtotal: string): string {
  const items = toKobo(subtotal);
  const off = terms.percentOff !== null ? Math.floor((items * terms.percentOff) / 100) : toKobo(terms.amountOff ?? "0");
  return fromKobo(Math.min(off, items));
}

/**
 * Why the code cannot be used on an order of `subtotal` at `now`, or null when it can. Its uses
 * are counted against maxUses (`uses` as read; the checkout's guarded update is what decides a race).
 */
export function codeRefusal(terms: CodeTerms | null, subtotal: string, now: Date): string | null {
  if (!terms || !terms.active) return CODE_MESSAGES.notValid;
  if (terms.endsAt !== null && new Date(terms.endsAt) <= now) return CODE_MESSAGES.expired;
  if (terms.startsAt !== null && new Date(terms.startsAt) > now) return CODE_MESSAGES.notStarted;
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return CODE_MESSAGES.usedUp;
  if (terms.minSubtotal !== null && toKobo(subtotal) < toKobo(terms.minSubtotal)) {
    return CODE_MESSAGES.addMore(fromKobo(toKobo(terms.minSubtotal) - toKobo(subtotal)));
  }
  return null;
}

/** A code as the admin types it: amounts as text ("2,000"), times already read as Lagos time. */
export interface DiscountCodeFields {
  code: string;
  percentOff?: number | null;
  amountOff?: string | null;
  minSubtotal?: string | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxUses?: number | null;
  maxUsesPerPhone?: number | null;
  active?: boolean | null;
}

/** A code ready to store: canonical amounts ("2000.00") and no blanks. */
export interface CheckedDiscountCode {
  code: string;
  percentOff: number | null;
  amountOff: string | null;
  minSubtotal: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerPhone: number | null;
  active: boolean;
}

type Checked = { ok: true; value: CheckedDiscountCode } | { ok: false; field: string; message: string };

const blank = (text: string | null | undefined) => !text || !text.trim();

/** An optional whole number of uses: at least 1 when given. */
function usesError(value: number | null | undefined, label: string): string | null {
  if (value === null || value === undefined) return null;
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? null : `${label} must be a whole number from 1`;
}

/** The first problem with a code as typed (the form shows it beside its field), or the code to store. */
export function checkDiscountCode(input: DiscountCodeFields): Checked {
  const fail = (field: string, message: string): Checked => ({ ok: false, field, message });
  const code = normalizeCode(input.code);
  if (!CODE.test(code)) return fail("code", "Code must be 3 to 20 letters and digits, e.g. IGFAM10");
  const hasPercent = input.percentOff !== null && input.percentOff !== undefined;
  const hasAmount = !blank(input.amountOff);
  if (hasPercent === hasAmount) return fail(hasPercent ? "amountOff" : "percentOff", "Give either a percent off or an amount off (one of them)");
  let amountOff: string | null = null;
  if (hasPercent) {
    const percent = input.percentOff!;
    if (!Number.isInteger(percent) || percent < PERCENT_RANGE.min || percent > PERCENT_RANGE.max) {
      return fail("percentOff", `Percent off must be a whole number from ${PERCENT_RANGE.min} to ${PERCENT_RANGE.max}`);
    }
  } else {
    const parsed = parseNaira(input.amountOff!);
    if (!parsed.ok) return fail("amountOff", nairaProblemMessage("Amount off", input.amountOff!, parsed.problem));
    if (toKobo(parsed.amount) === 0) return fail("amountOff", "Amount off must be more than ₦0");
    amountOff = parsed.amount;
  }
  let minSubtotal: string | null = null;
  if (!blank(input.minSubtotal)) {
    const parsed = parseNaira(input.minSubtotal!);
    if (!parsed.ok) return fail("minSubtotal", nairaProblemMessage("Minimum order", input.minSubtotal!, parsed.problem));
    minSubtotal = toKobo(parsed.amount) > 0 ? parsed.amount : null;
  }
  const startsAt = input.startsAt ?? null;
  const endsAt = input.endsAt ?? null;
  if (startsAt && endsAt && endsAt <= startsAt) return fail("endsAt", "The end must be after the start");
  const maxUsesError = usesError(input.maxUses, "Uses in all");
  if (maxUsesError) return fail("maxUses", maxUsesError);
  const perPhoneError = usesError(input.maxUsesPerPhone, "Uses per phone number");
  if (perPhoneError) return fail("maxUsesPerPhone", perPhoneError);
  return {
    ok: true,
    value: {
      code,
      percentOff: hasPercent ? input.percentOff! : null,
      amountOff,
      minSubtotal,
      startsAt,
      endsAt,
      maxUses: input.maxUses ?? null,
      maxUsesPerPhone: input.maxUsesPerPhone ?? null,
      active: input.active ?? true,
    },
  };
}

/** "10% off" or "₦2,000 off": how the admin list and the cart name a code's offer. */
export function offerLabel(terms: Pick<CodeTerms, "percentOff" | "amountOff">): string {
  return terms.percentOff !== null ? `${terms.percentOff}% off` : `${formatNaira(terms.amountOff ?? "0")} off`;
}
