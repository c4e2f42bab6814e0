// What POST /api/uploads accepts, written once for the server (which decides by the file's content)
// and the pages (which answer early, before a slow upload, and set the file picker's filter).

/** Catalogue pictures and avatars. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** Payment receipts: a screenshot or the bank's PDF. */
export const RECEIPT_TYPES = [...IMAGE_TYPES, "application/pdf"] as const;
export type UploadType = (typeof RECEIPT_TYPES)[number];

/** Largest file taken, per file. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Most files in one upload request. */
export const MAX_UPLOAD_FILES = 10;
export const TOO_MANY_FILES = `At most ${MAX_UPLOAD_FILES} files at once`;

/** The `accept` attribute of a file input for these types. */
export function acceptAttribute(types: readonly UploadType[]): string {
  return types.join(",");
}

export function isAllowedType(types: readonly UploadType[], mimeType: string): boolean {
  return (types as readonly string[]).includes(mimeType);
}

/** The type of a stored upload by its extension (the server named it from the content). */
export const TYPE_BY_EXTENSION: Record<string, UploadType> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
};
