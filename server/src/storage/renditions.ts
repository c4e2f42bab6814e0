// The widths a product picture is stored in on local disk, so a phone downloads the width its slot
// needs (common/images.ts builds the srcset). Cloudinary resizes on delivery and needs none of this.
// WebP only: AVIF was measured about 40% smaller but 10–30× slower to encode with sharp on this
// hardware (1.3–5.5 s per width against 0.14–0.24 s), which an admin uploading ten photos would
// wait for (see docs/store-guide.md, "Offline and images").
import sharp from "sharp";
import { IMAGE_WIDTHS } from "../../../common/images.ts";

export interface Rendition {
  width: number;
  buffer: Buffer;
}

/** Each width below the cleaned picture's own width, from the cleaned (already safe, metadata-free) WebP. */
export async function productRenditions(cleaned: Buffer, ownWidth: number): Promise<Rendition[]> {
  const renditions: Rendition[] = [];
  // One at a time, like cleaning: a few large decodes at once would multiply the memory taken.
  for (const width of IMAGE_WIDTHS.filter((w) => w < ownWidth)) {
    const buffer = await sharp(cleaned).resize({ width }).webp({ quality: 80 }).toBuffer();
    renditions.push({ width, buffer });
  }
  return renditions;
}
