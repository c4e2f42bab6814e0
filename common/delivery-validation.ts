// The owner's delivery-fee table as both sides check it (the admin form and updateDeliveryFees).
// Apart from delivery.ts so shopper pages, which only compute fees, do not carry it.
import { FEE_METHODS, type DeliveryFeeTable } from "./delivery.ts";
import { fromKobo, toKobo } from "./kobo.ts";
import { canonicalState, NIGERIAN_STATES } from "./states.ts";

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
