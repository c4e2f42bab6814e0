// Where uploaded files go: local disk by default, Cloudinary when CLOUDINARY_URL is set.
// Callers only see this interface.
import type { CloudinaryReceipt } from "./receipt-files.ts";

export type UploadFolder = "product-images" | "profiles" | "receipts";

export interface StoredFile {
  url: string;
}

export interface SaveOptions {
  folder: UploadFolder;
  /** Stable name inside the folder (e.g. the user id for avatars); a random one when absent. */
  publicId?: string;
  /** Replace a file saved before under the same publicId (avatars are upserted). */
  overwrite?: boolean;
}

export interface FileToStore {
  buffer: Buffer;
  mimeType: string;
  /** Extension without the dot, from the detected content type. */
  extension: string;
  /**
   * Product pictures on a storage that does not resize on delivery: the same picture at smaller
   * widths, stored beside it. The stored picture is then named by its own width (`width`), the
   * renditions by theirs (`<id>.<width>w.webp`, see common/images.ts).
   */
  renditions?: { width: number; buffer: Buffer }[];
  width?: number;
}

export interface FileStorage {
  /** Whether the storage serves any width on request (Cloudinary); else uploads store renditions. */
  readonly resizesOnDelivery: boolean;
  save(file: FileToStore, options: SaveOptions): Promise<StoredFile>;
  remove(url: string): Promise<void>;
  /**
   * Cloudinary only: a receipt's bytes, fetched server-side with the API secret (receipts there have
   * no public URL, decision 031); null when the storage has no such file.
   */
  readReceipt?(receipt: CloudinaryReceipt): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * Cloudinary only: a receipt stored public (before decision 031) made authenticated, same public
   * id, its CDN copies purged; the path to store for it now, or null when it is not such a receipt.
   */
  protectReceipt?(stored: string): Promise<string | null>;
}
