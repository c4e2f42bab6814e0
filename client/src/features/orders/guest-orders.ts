// Guest orders placed in this browser: { orderId, reference, token }. The token proves to the server
// that this browser placed the order (thank-you page, tracker contact details).
const KEY = "guestOrders";
const KEEP = 10;

export interface GuestOrderPass {
  orderId: string;
  reference: string;
  token: string;
}

export function readGuestOrders(): GuestOrderPass[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((p) => typeof p?.orderId === "string" && typeof p?.token === "string") : [];
  } catch {
    return [];
  }
}

/** Newest first; a retried order replaces its older pass. */
export function rememberGuestOrder(pass: GuestOrderPass): void {
  const rest = readGuestOrders().filter((p) => p.orderId !== pass.orderId);
  localStorage.setItem(KEY, JSON.stringify([pass, ...rest].slice(0, KEEP)));
}

export function latestGuestOrder(): GuestOrderPass | null {
  return readGuestOrders()[0] ?? null;
}

/** The pass for an order opened by reference or id, if this browser placed it. */
export function guestPassFor(referenceOrId: string): GuestOrderPass | null {
  const value = referenceOrId.trim().toUpperCase();
  return readGuestOrders().find((p) => p.reference.toUpperCase() === value || p.orderId.toUpperCase() === value) ?? null;
}
