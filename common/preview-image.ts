// The addresses of the shop's generated pictures (decision 029), shared by the page head (og:image),
// the feeds (image_link) and the server that draws them (server/src/http/previews.ts):
// - a product's link preview: 1200×630, its photo with price and grade, for WhatsApp, Instagram,
//   Facebook and X (og:image);
// - a product's photo as a JPEG, for the catalogue feeds (Meta and Google want a raster without text,
//   and the demo pictures are SVG);
// - the shop's own preview for every other page.
// Each product address carries a version made from what is drawn, so a price or photo change gives
// a new address: the old picture can be cached for ever, and link previews cached by the apps
// (keyed by the image address) pick up the new one.

export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
export { STORE_PREVIEW_PATH } from "./page-head.ts";
export const PRODUCT_PREVIEWS_PREFIX = "/previews/products/";

export interface PreviewFacts {
  id: string;
  name: string;
  price: string;
  originalPrice?: string | null;
  condition?: string | null;
  imageUrl?: string | null;
}

/** FNV-1a (32-bit), in base 36: a short, stable fingerprint in the browser and the server alike. Not
 *  a security measure: a wrong version is simply redirected to the right one. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Prices compared as numbers ("7300" and "7300.00" draw the same picture). */
const money = (value: string | null | undefined) => (value === null || value === undefined ? "" : Number(value).toFixed(2));

export function previewVersion(p: PreviewFacts): string {
  return fingerprint(JSON.stringify([p.name, money(p.price), money(p.originalPrice), p.condition ?? "", p.imageUrl ?? ""]));
}

export function photoVersion(p: Pick<PreviewFacts, "imageUrl">): string {
  return fingerprint(p.imageUrl ?? "");
}

/** The product's link-preview picture (1200×630 JPEG). */
export function productPreviewPath(p: PreviewFacts): string {
  return `${PRODUCT_PREVIEWS_PREFIX}${encodeURIComponent(p.id)}/${previewVersion(p)}.jpg`;
}

/** The product's photo as a JPEG (for the feeds). */
export function productPhotoPath(p: Pick<PreviewFacts, "id" | "imageUrl">): string {
  return `${PRODUCT_PREVIEWS_PREFIX}${encodeURIComponent(p.id)}/${photoVersion(p)}-photo.jpg`;
}
