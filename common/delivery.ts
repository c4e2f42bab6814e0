// Delivery fees, as both sides compute them: the owner's table (a fee per state for doorstep and
// motor-park delivery, a fee for every other state, pickup free, and an optional order subtotal from
// which delivery is free). The server charges with this rule inside the order transaction; the
// browser uses it only to tell the shopper the fee before they confirm.
import { canonicalState, NIGERIAN_STATES } from "./states.ts";

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

/** Exact kobo from a decimal string: money is never compared as binary floats. */
export function toKobo(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export function fromKobo(kobo: number): string {
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, "0")}`;
}

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

export const FEE_MESSAGES = {
  amount: (label: string) => `${label} must be an amount in naira of 0 or more, with at most 2 decimals (e.g. 1500 or 1,500.50)`,
  state: (state: string) => `${state} is not a Nigerian state`,
  duplicate: (method: string, state: string) => `${state} has two ${method === "park" ? "motor park" : "doorstep"} fees: keep one`,
  method: "Fees are set for doorstep or motor-park delivery only (pickup is free)",
};

const MAX_KOBO = 9_999_999_999_99; // Decimal(12,2)

/** A fee typed by the owner ("1500", "1,500.50", "₦2,000") as an exact decimal string, or null if not one. */
export function parseFeeAmount(text: string): string | null {
  const cleaned = text.trim().replace(/^₦\s*/, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(cleaned)) return null;
  const kobo = toKobo(cleaned.replace(/,/g, ""));
  return kobo <= MAX_KOBO ? fromKobo(kobo) : null;
}

/** Every problem with a fee table the owner submitted (the first is shown), and the cleaned table. */
export function checkFeeTable(input: DeliveryFeeTable): { errors: { field: string; message: string }[]; table: DeliveryFeeTable } {
  const errors: { field: string; message: string }[] = [];
  const amount = (text: string, field: string, label: string) => {
    const value = parseFeeAmount(text);
    if (value === null) errors.push({ field, message: FEE_MESSAGES.amount(label) });
    return value ?? "0.00";
  };
  const doorstepFee = amount(input.doorstepFee, "doorstepFee", "Doorstep fee");
  const parkFee = amount(input.parkFee, "parkFee", "Motor park fee");
  const threshold = input.freeDeliveryThreshold?.trim() ? amount(input.freeDeliveryThreshold, "freeDeliveryThreshold", "Free delivery from") : null;
  const seen = new Set<string>();
  const stateFees = input.stateFees.map((f, i) => {
    const state = canonicalState(f.state);
    if (!(FEE_METHODS as readonly string[]).includes(f.method)) errors.push({ field: `stateFees.${i}.method`, message: FEE_MESSAGES.method });
    if (!NIGERIAN_STATES.includes(state)) errors.push({ field: `stateFees.${i}.state`, message: FEE_MESSAGES.state(f.state.trim() || "(empty)") });
    const key = `${f.method}:${state}`;
    if (seen.has(key)) errors.push({ field: `stateFees.${i}.state`, message: FEE_MESSAGES.duplicate(f.method, state) });
    seen.add(key);
    return { method: f.method, state, fee: amount(f.fee, `stateFees.${i}.fee`, `The fee for ${state}`) };
  });
  return { errors, table: { doorstepFee, parkFee, freeDeliveryThreshold: threshold, stateFees } };
}
