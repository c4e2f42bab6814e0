// The in-memory form of the "discounted" rule; its other forms and the reason are in
// server/src/modules/catalog/discount.ts.

/** Whether an original price makes a real discount: above the price (and above zero). */
export function isDiscounted(price: string | number, originalPrice: string | number | null | undefined): boolean {
  if (originalPrice === null || originalPrice === undefined) return false;
  const original = Number(originalPrice);
  return original > 0 && original > Number(price);
}

/** Percent off = round((original − price) / original × 100); null when there is no real discount. */
export function percentOff(price: string | number, originalPrice: string | number | null | undefined): number | null {
  if (!isDiscounted(price, originalPrice)) return null;
  const original = Number(originalPrice);
  return Math.round(((original - Number(price)) / original) * 100);
}
