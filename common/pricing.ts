/** Percent off = round((original − price) / original × 100); null when there is no real discount. */
export function percentOff(price: string | number, originalPrice: string | number | null | undefined): number | null {
  if (originalPrice === null || originalPrice === undefined) return null;
  const original = Number(originalPrice);
  const sale = Number(price);
  if (!(original > 0) || !(original > sale)) return null;
  return Math.round(((original - sale) / original) * 100);
}
