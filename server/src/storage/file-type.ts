// File types are decided by content (magic bytes), never by the name or the browser's claim.

export interface DetectedType {
  mimeType: string;
  extension: string;
}

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buffer[offset + i] === b);

export function detectFileType(buffer: Buffer): DetectedType | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return { mimeType: "image/jpeg", extension: "jpg" };
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mimeType: "image/png", extension: "png" };
  if (buffer.subarray(0, 6).toString("latin1") === "GIF87a" || buffer.subarray(0, 6).toString("latin1") === "GIF89a") {
    return { mimeType: "image/gif", extension: "gif" };
  }
  if (buffer.subarray(0, 4).toString("latin1") === "RIFF" && buffer.subarray(8, 12).toString("latin1") === "WEBP") {
    return { mimeType: "image/webp", extension: "webp" };
  }
  if (buffer.subarray(0, 5).toString("latin1") === "%PDF-") return { mimeType: "application/pdf", extension: "pdf" };
  return null;
}
