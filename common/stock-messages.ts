// Stock wording shared by the cart, product cards and the server. Its own module: product cards are
// on every page, and importing it from checkout.ts would bring the checkout rules (validation,
// phone numbers) into every page's first download.

/** "1 item", "3 items": stock lines, order lists (units, not lines). */
export function itemCount(n: number): string {
  return `${n} ${itemWord(n)}`;
}

export function itemWord(n: number): string {
  return n === 1 ? "item" : "items";
}

/**
 * What a page may show of a product's stock and "on hold" besides the count in a `data-stock-of`
 * element: the same for every value in one class. A kept server-rendered page is brought up to
 * date by putting the newest counts in (server/src/cache/volatile-html.ts, decision 026) while every
 * product keeps its class, and rendered again when one changes class. Out of stock, the last one
 * (no "items", the quantity stepper at its end) and more, each on hold or not.
 */
export function stockClass(stock: number | undefined, onHold: boolean | undefined): string {
  const count = stock === undefined ? "" : stock <= 0 ? "0" : stock === 1 ? "1" : "n";
  return `${count}${onHold === undefined ? "" : onHold ? "h" : "-"}`;
}

/** The spec's "Only {n} items available in stock" (and the out-of-stock text when none is left). */
export function onlyInStockMessage(available: number): string {
  return available > 0 ? `Only ${itemCount(available)} available in stock` : "This item is out of stock";
}
