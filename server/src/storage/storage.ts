// Where uploaded files go: local disk by default, Cloudinary when CLOUDINARY_URL is set.
// Callers only see this interface.

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
}

export interface FileStorage {
  save(file: FileToStore, options: SaveOptions): Promise<StoredFile>;
  remove(url: string): Promise<void>;
}
