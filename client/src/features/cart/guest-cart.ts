// The guest cart in browser storage (key "guestCart", [{ product_id, quantity }]). Every change
// fires "cart-updated" so the header badge and open cart views refresh.
import { registerSignInStep } from "../../lib/sign-in-steps.ts";

export const CART_UPDATED = "cart-updated";
export const GUEST_CART_KEY = "guestCart";

export interface GuestCartLine {
  product_id: string;
  quantity: number;
}

export function readGuestCart(): GuestCartLine[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((l) => typeof l?.product_id === "string" && Number.isInteger(l?.quantity) && l.quantity > 0)
      : [];
  } catch {
    return [];
  }
}

export function notifyCartUpdated(): void {
  window.dispatchEvent(new Event(CART_UPDATED));
}

function writeGuestCart(lines: GuestCartLine[]): void {
  localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
  notifyCartUpdated();
}

export function guestQuantityOf(productId: string): number {
  return readGuestCart().find((l) => l.product_id === productId)?.quantity ?? 0;
}

/** Adding a product already in the cart increments it. */
export function addGuestLine(productId: string, quantity: number): void {
  const lines = readGuestCart();
  const line = lines.find((l) => l.product_id === productId);
  if (line) line.quantity += quantity;
  else lines.push({ product_id: productId, quantity });
  writeGuestCart(lines);
}

export function setGuestQuantity(productId: string, quantity: number): void {
  writeGuestCart(readGuestCart().map((l) => (l.product_id === productId ? { ...l, quantity } : l)));
}

export function removeGuestLine(productId: string): void {
  writeGuestCart(readGuestCart().filter((l) => l.product_id !== productId));
}

export function clearGuestCart(): void {
  localStorage.removeItem(GUEST_CART_KEY);
  notifyCartUpdated();
}

// Signing in or up sends the guest cart with the credentials; the server merges it into the
// account's cart, and then the browser copy goes.
registerSignInStep({
  input: () => ({ guestCart: readGuestCart().map((l) => ({ productId: l.product_id, quantity: l.quantity })) }),
  after: clearGuestCart,
});
