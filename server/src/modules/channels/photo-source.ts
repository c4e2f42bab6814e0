// The bytes of a product's picture, wherever it is stored: the demo pictures and local uploads are
// read from disk, Cloudinary pictures fetched once through a resize-and-JPEG transformation. Any
// other address (an admin may type one) is not fetched: the server would otherwise request whatever
// URL an admin typed. Null when there is no picture to read; the preview is then drawn without it.
import fs from "node:fs/promises";
import path from "node:path";
import { logger } from "../../logger.ts";

const CLOUDINARY_UPLOAD = /^https:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\//;
const FETCH_TIMEOUT_MS = 5000;
const MAX_BYTES = 15 * 1024 * 1024;

export interface PhotoDirs {
  /** Served at /images/demo. */
  demoDir: string;
  /** Served at /uploads. */
  uploadDir: string;
}

function inside(dir: string, relative: string): string | null {
  const file = path.resolve(dir, relative);
  return file.startsWith(path.resolve(dir) + path.sep) ? file : null;
}

async function readLocal(dir: string, relative: string): Promise<Buffer | null> {
  const file = inside(dir, decodeURIComponent(relative));
  if (!file) return null;
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

async function fetchCloudinary(url: string): Promise<Buffer | null> {
  // Cloudinary resizes and converts on delivery: 1200 px wide at most, as JPEG.
  const transformed = url.replace(CLOUDINARY_UPLOAD, (prefix) => `${prefix}w_1200,c_limit,f_jpg,q_auto/`);
  try {
    const res = await fetch(transformed, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    return body.length <= MAX_BYTES ? body : null;
  } catch (error) {
    logger.warn("Could not fetch a product picture for its preview", { url, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

export async function readProductPhoto(imageUrl: string | null, dirs: PhotoDirs): Promise<Buffer | null> {
  if (!imageUrl) return null;
  const pathname = imageUrl.split("?")[0]!;
  if (pathname.startsWith("/images/demo/")) return readLocal(dirs.demoDir, pathname.slice("/images/demo/".length));
  // Product uploads only: the other folders (receipts, claim photos) are private.
  if (pathname.startsWith("/uploads/product-images/")) return readLocal(path.join(dirs.uploadDir, "product-images"), pathname.slice("/uploads/product-images/".length));
  if (CLOUDINARY_UPLOAD.test(imageUrl)) return fetchCloudinary(imageUrl);
  return null;
}
