// Delivery fees, as both sides compute them: the owner's table (a fee per state for doorstep and
// motor-park delivery, a fee for every other state, pickup free, and an optional order subtotal from
// which delivery is free). The server charges with this rule inside the order transaction; the
// browser uses it only to tell the shopper the fee before they confirm.
import { canonicalState } from "./states.ts";
import { fromKobo, toKobo } from "./kobo.ts";

export const FEE_METHODS = ["doorstep", "park"] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];

/** Amounts are exact decimal strings ("1500.00"), as the API carries money. */
export interface DeliveryFeeTable {
  doorstepFee: string;
  parkFee: string;
  freeDeliveryThreshold: string | null;
  stateFees: { method: string; state: string; fee: string }[];
}

export const NO_DELIVERY_FEES: DeliveryFeeTable = { doorstepFee: "0.00", parkFee: "0.00", freeDeliveryThreshold: null, stateFees: [] };

/** The fee for a delivery, as a decimal string with kobo ("1500.00"). */
export function deliveryFeeFor(table: DeliveryFeeTable, method: string, state: string | null | undefined, subtotal: string): string {
  if (method !== "doorstep" && method !== "park") return "0.00";
  if (table.freeDeliveryThreshold !== null && toKobo(subtotal) >= toKobo(table.freeDeliveryThreshold)) return "0.00";
  const wanted = state ? canonicalState(state) : null;
  const own = wanted ? table.stateFees.find((f) => f.method === method && f.state === wanted) : undefined;
  return fromKobo(toKobo(own?.fee ?? (method === "doorstep" ? table.doorstepFee : table.parkFee)));
}

/** The lowest fee a method can cost (for "from ₦…" in the cart, before a state is chosen). */
export function lowestFee(table: DeliveryFeeTable, method: FeeMethod): string {
  const fees = [method === "doorstep" ? table.doorstepFee : table.parkFee, ...table.stateFees.filter((f) => f.method === method).map((f) => f.fee)];
  return fromKobo(Math.min(...fees.map(toKobo)));
}

/**
 * Whether the fee still depends on a state the shopper has not chosen: the checkout then says so
 * instead of showing a total that may be wrong.
 */
export function feeAwaitsState(table: DeliveryFeeTable, method: string, state: string | null | undefined, subtotal: string): boolean {
  if ((method !== "doorstep" && method !== "park") || state?.trim()) return false;
  if (table.freeDeliveryThreshold !== null && toKobo(subtotal) >= toKobo(table.freeDeliveryThreshold)) return false;
  const base = toKobo(method === "doorstep" ? table.doorstepFee : table.parkFee);
  return table.stateFees.some((f) => f.method === method && toKobo(f.fee) !== base);
}

/**
 * How much more the items must come to (after any discount) for free delivery, as a decimal string;
 * null when the shop has no threshold or the order already reaches it. The cart and the checkout
 * say "Add ₦X more for free delivery" with it.
 */
export function freeDeliveryShortfall(table: Pick<DeliveryFeeTable, "freeDeliveryThreshold">, subtotalAfterDiscount: string): string | null {
  if (table.freeDeliveryThreshold === null) return null;
  const short = toKobo(table.freeDeliveryThreshold) - toKobo(subtotalAfterDiscount);
  return short > 0 ? fromKobo(short) : null;
}
