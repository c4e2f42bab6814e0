// Checkout details as both sides check them: the spec's rules (validation.ts) plus a real Nigerian
// phone number (phone.ts) and, for motor-park delivery, the destination state and park.
import { deliveryDetailsErrors, LIMITS, MESSAGES, type DeliveryDetailsInput } from "./validation.ts";
import { phoneError } from "./phone.ts";
import { DELIVERY_METHODS } from "./delivery-methods.ts";
import { canonicalState, NIGERIAN_STATES } from "./states.ts";

export const PARK_MESSAGE = "Please choose the destination state and motor park";
/** Doorstep fees are set per state: without one the shop cannot know what to charge. */
export const DOORSTEP_STATE_MESSAGE = "Please choose your state";
export const UNKNOWN_STATE_MESSAGE = "Please choose your state from the list";

export interface CheckoutDetailsInput extends DeliveryDetailsInput {
  parkState?: string | null;
  parkName?: string | null;
  /** Doorstep delivery: the state delivered to (its fee, and what the order records). */
  deliveryState?: string | null;
}

/** The doorstep state's problem, if any: required, and one of Nigeria's states. */
export function doorstepStateError(state: string | null | undefined): string | null {
  const text = (state ?? "").trim();
  if (!text) return DOORSTEP_STATE_MESSAGE;
  return NIGERIAN_STATES.includes(canonicalState(text)) ? null : UNKNOWN_STATE_MESSAGE;
}

/**
 * The address stored for a motor-park order, as the spec's "Park:" prefix requires. Many park names
 * already end with their town or state ("Unguwa Uku Park, Kano"): the state is added only when the
 * name does not end with it already, so the address never reads "Kano, Kano".
 */
export function parkAddress(parkName: string, parkState: string): string {
  const name = parkName.trim();
  const state = parkState.trim();
  const last = name.split(",").pop()!.trim().toLowerCase();
  return last === state.toLowerCase() ? `Park: ${name}` : `Park: ${name}, ${state}`;
}

/** Every failing message in the order the form shows them (name, email, phone, address). */
export function checkoutDetailsErrors(input: CheckoutDetailsInput): { field: string; message: string }[] {
  const isPark = input.deliveryMethod === "park";
  const parkState = (input.parkState ?? "").trim();
  const parkName = (input.parkName ?? "").trim();
  const errors = deliveryDetailsErrors({
    ...input,
    // For a park the address is the chosen park; the pickup address is the store's own.
    address: isPark ? (parkState && parkName ? parkAddress(parkName, parkState) : "") : input.deliveryMethod === "pickup" ? null : input.address,
  }).map((e) => (isPark && e.field === "address" && e.message === MESSAGES.addressRequired ? { field: "park", message: PARK_MESSAGE } : e));
  if (input.deliveryMethod === "doorstep") {
    const stateError = doorstepStateError(input.deliveryState);
    // Shown where the form has it: above the address.
    const at = errors.findIndex((e) => e.field === "address");
    if (stateError) errors.splice(at === -1 ? errors.length : at, 0, { field: "deliveryState", message: stateError });
  }
  if (!errors.some((e) => e.field === "phone")) {
    const phone = phoneError(input.phone);
    if (phone) errors.splice(errors.filter((e) => e.field === "fullName" || e.field === "email").length, 0, { field: "phone", message: phone });
  }
  if (!(DELIVERY_METHODS as readonly string[]).includes(input.deliveryMethod)) {
    errors.push({ field: "deliveryMethod", message: "Please choose doorstep delivery, park pickup or store pickup" });
  }
  if (isPark && (parkState.length > LIMITS.name || parkName.length > LIMITS.name)) {
    errors.push({ field: "park", message: MESSAGES.tooLong("Park", LIMITS.name) });
  }
  return errors;
}

export { onlyInStockMessage } from "./stock-messages.ts";
