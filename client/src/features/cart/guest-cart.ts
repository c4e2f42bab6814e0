// The guest cart in browser storage (key "guestCart", [{ product_id, quantity }]). Every change
// fires "cart-updated" so the header badge and open cart views refresh. Beside it ("guestCartProducts")
// the products of its lines as last seen (name, price, picture, stock), so the cart and checkout
// render offline even when the cart was never opened online (issue 40, finding 9).
import { registerSignInStep } from "../../lib/sign-in-steps.ts";

export const CART_UPDATED = "cart-updated";
export const GUEST_CART_KEY = "guestCart";
export const KEPT_PRODUCTS_KEY = "guestCartProducts";

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

export function writeGuestCart(lines: GuestCartLine[]): void {
  localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
  notifyCartUpdated();
}

export function guestQuantityOf(productId: string): number {
  return readGuestCart().find((l) => l.product_id === productId)?.quantity ?? 0;
}

/** Keeps these products for the cart's lines (and drops those of lines no longer in it). */
export function keepCartProducts(products: { id: string }[]): void {
  const inCart = new Set(readGuestCart().map((l) => l.product_id));
  try {
    const kept = Object.entries({ ...JSON.parse(localStorage.getItem(KEPT_PRODUCTS_KEY) ?? "{}"), ...Object.fromEntries(products.map((p) => [p.id, p])) }).filter(([id]) => inCart.has(id));
    localStorage.setItem(KEPT_PRODUCTS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or its copy unreadable: the cart still works online.
  }
}

/** Adding a product already in the cart increments it. */
export function addGuestLine(product: { id: string }, quantity: number): void {
  const lines = readGuestCart();
  const line = lines.find((l) => l.product_id === product.id);
  if (line) line.quantity += quantity;
  else lines.push({ product_id: product.id, quantity });
  writeGuestCart(lines);
  keepCartProducts([product]);
}

export function setGuestQuantity(productId: string, quantity: number): void {
  writeGuestCart(readGuestCart().map((l) => (l.product_id === productId ? { ...l, quantity } : l)));
}

export function removeGuestLine(productId: string): void {
  writeGuestCart(readGuestCart().filter((l) => l.product_id !== productId));
}

export function clearGuestCart(): void {
  localStorage.removeItem(GUEST_CART_KEY);
  localStorage.removeItem(KEPT_PRODUCTS_KEY);
  notifyCartUpdated();
}

// Signing in or up sends the guest cart with the credentials; the server merges it into the
// account's cart, and then the browser copy goes.
registerSignInStep({
  input: () => ({ guestCart: readGuestCart().map((l) => ({ productId: l.product_id, quantity: l.quantity })) }),
  after: clearGuestCart,
});
