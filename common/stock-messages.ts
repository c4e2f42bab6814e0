// Stock wording shared by the cart, product cards and the server. Its own module: product cards are
// on every page, and importing it from checkout.ts would bring the checkout rules (validation,
// phone numbers) into every page's first download.

/** "1 item", "3 items": stock lines, order lists (units, not lines). */
export function itemCount(n: number): string {
  return `${n} ${n === 1 ? "item" : "items"}`;
}

/** The spec's "Only {n} items available in stock" (and the out-of-stock text when none is left). */
export function onlyInStockMessage(available: number): string {
  return available > 0 ? `Only ${itemCount(available)} available in stock` : "This item is out of stock";
}
