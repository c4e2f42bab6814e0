// The header badge: number of items in the cart, refreshed on every "cart-updated" event.
import { useEffect, useState } from "react";

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

export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const refresh = () => setCount(readGuestCart().reduce((sum, line) => sum + line.quantity, 0));
    refresh();
    window.addEventListener(CART_UPDATED, refresh);
    window.addEventListener("storage", refresh);
    return () => {
      window.removeEventListener(CART_UPDATED, refresh);
      window.removeEventListener("storage", refresh);
    };
  }, []);
  return count;
}
