// Right-sized renditions of product pictures, shared by the browser's <img srcset> and the server's
// image preload hint (the two must name the same files or the preload is wasted):
// - Cloudinary pictures: Cloudinary resizes on delivery and picks format and quality itself
//   (`f_auto,q_auto`: AVIF or WebP by what the browser accepts);
// - pictures uploaded to local disk: the upload stored each width as its own WebP file
//   (server/src/storage/renditions.ts), named `<id>.<width>w.webp`; the name of the stored picture
//   says its own width, so the browser is offered only widths that exist.
// Anything else (the demo SVGs, older uploads) is shown as it is.

const CLOUDINARY_UPLOAD = /^(https?:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\/)(.*)$/;

/**
 * The widths a product picture exists in. Chosen by the slots: a card is half a phone's width
 * (≈ 195 CSS px: 320 on a 1× screen, 640 on a 2–3× one) or 280 px on a desktop; the product page's
 * picture is the phone's full width (390 px: 960–1280 on 2.5–3× screens) or half a desktop.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/** A local upload with renditions: `/uploads/product-images/<id>.<width>w.webp`. */
const LOCAL_RENDITION = /^(\/uploads\/product-images\/[A-Za-z0-9_-]+)\.(\d+)w\.webp$/;

/** The name of one width of a locally stored picture (`base` is the path without extension). */
export function localRenditionPath(base: string, width: number): string {
  return `${base}.${width}w.webp`;
}

/** The Cloudinary URL with a resize + automatic format/quality transformation; other URLs unchanged.
 *  For a shopper who asked to save data, Cloudinary's lowest automatic quality (`q_auto:eco`). */
export function cloudinaryUrl(src: string, width: number, saveData = false): string {
  const match = CLOUDINARY_UPLOAD.exec(src);
  return match ? `${match[1]}w_${width},c_limit,f_auto,${saveData ? "q_auto:eco" : "q_auto"}/${match[2]}` : src;
}

/** Save-Data (a browser's "lite mode"): the browser sends `Save-Data: on` with every request. */
export function asksToSaveData(header: string | null | undefined): boolean {
  return header?.trim().toLowerCase() === "on";
}

/** The attribute on <html> that tells the page's scripts the server rendered it for Save-Data, so
 *  the browser's render asks for the same pictures as the server's HTML did. */
export const SAVE_DATA_ATTRIBUTE = "data-save-data";

/**
 * `src` (the fallback, about `width` wide) and `srcSet` for a picture shown `width` CSS pixels wide
 * by default. `srcSet` is absent when the picture has no renditions. With `saveData`, a Cloudinary
 * picture is offered at most half the largest width, at eco quality (a local upload's own files are
 * swapped for smaller ones by the server, serve-uploads.ts).
 */
export function imageSources(src: string, width: number, saveData = false): { src: string; srcSet?: string } {
  const cloud = CLOUDINARY_UPLOAD.exec(src);
  const local = LOCAL_RENDITION.exec(src);
  if (!cloud && !local) return { src };
  // A local upload: the widths below its own, then the picture itself (never upscaled); the
  // fallback (browsers without srcset, the preload's href) is the smallest that fills the slot.
  const stored = local ? Number(local[2]) : 0;
  const widths = local ? [...IMAGE_WIDTHS.filter((w) => w < stored), stored] : saveData ? IMAGE_WIDTHS.filter((w) => w <= IMAGE_WIDTHS.at(-1)! / 2) : IMAGE_WIDTHS;
  const at = (w: number) => (local ? localRenditionPath(local[1]!, w) : cloudinaryUrl(src, w, saveData));
  const fallback = local ? (widths.find((w) => w >= width) ?? stored) : saveData ? (saveDataWidth(width) ?? width) : width;
  return { src: at(fallback), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(", ") };
}

/**
 * The smaller width a Save-Data request gets instead of the one it asked for (GET /uploads/…):
 * about half, never below the smallest rendition; null when there is nothing smaller.
 */
export function saveDataWidth(requested: number): number | null {
  const smaller = IMAGE_WIDTHS.filter((w) => w <= requested / 2);
  if (smaller.length) return smaller[smaller.length - 1]!;
  return requested > IMAGE_WIDTHS[0] ? IMAGE_WIDTHS[0] : null;
}

/** The product page's main picture: its width attribute and slot sizes (ProductPage, page-html). */
export const PRODUCT_DETAIL_IMAGE = { width: 600, height: 750, sizes: "(min-width: 800px) 50vw, 100vw" };

/** A product card's picture (ProductImage's default): its slot in the card grid. */
export const PRODUCT_CARD_IMAGE = { width: 400, height: 500, sizes: "(min-width: 1024px) 280px, (min-width: 720px) 33vw, 50vw" };
