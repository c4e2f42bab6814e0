// Saved items (the heart on cards and product pages): rules both sides use.
import { isUuid } from "./uuid.ts";

/** The most items one list holds: a guest's in the browser, or an account's on the server. */
export const MAX_SAVED_ITEMS = 100;

/** Browser storage key of a guest's saved product ids (merged into the account at sign-in). */
export const GUEST_SAVED_KEY = "savedItems";

/** A product id as the API takes it (UUID): anything else in browser storage is left out. */
export const isProductId = (id: string): boolean => isUuid(id);

export type SavedItemState = "available" | "on-hold" | "sold";

/**
 * One of a kind: a saved item with no stock left has sold, unless unpaid orders hold its last units
 * (then it may come back when a hold ends).
 */
export function savedItemState(product: { stock: number; onHold?: boolean | null }): SavedItemState {
  return product.stock > 0 ? "available" : product.onHold ? "on-hold" : "sold";
}
