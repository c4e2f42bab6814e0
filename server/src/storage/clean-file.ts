// What an uploaded file becomes before it is stored (local disk or Cloudinary). Nothing a client
// sent is stored as sent:
// - images are decoded and re-encoded with sharp: whatever was hidden beside the pixels (HTML or
//   script in a GIF/JPEG/PNG "polyglot", EXIF with the GPS position of a shopper's home, camera
//   serials) is gone; the picture is turned upright first (EXIF orientation), scaled down to what
//   the store shows, and refused above a pixel limit before it is decoded (a 100-megapixel PNG
//   compresses to a few KB);
// - PDFs (receipts only) are refused when they carry anything active or an HTML page: they are
//   stored as sent otherwise, and always served as a sandboxed download (serve-uploads.ts).
import zlib from "node:zlib";
import sharp, { type Metadata } from "sharp";
import type { DetectedType } from "./file-type.ts";

/** Decoding beyond this would cost hundreds of MB of memory; phone cameras stay well under it. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageUse = "product" | "avatar" | "receipt";

/**
 * Product pictures and avatars are WebP: smallest on shoppers' mobile data, shown by every browser
 * the store supports. Receipts are JPEG: admins open, download and forward them (to a bank, by
 * email), and JPEG opens everywhere; full chroma and high quality keep the amounts readable.
 */
const OUTPUT: Record<ImageUse, { maxSide: number; format: "webp" | "jpeg" }> = {
  product: { maxSide: 2000, format: "webp" },
  avatar: { maxSide: 512, format: "webp" },
  receipt: { maxSide: 2400, format: "jpeg" },
};

/** A file refused for its content; the message is shown to the person who sent it. */
export class UnsafeFileError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CleanFile {
  buffer: Buffer;
  mimeType: string;
  extension: string;
  /** Images: the stored picture's width in pixels. */
  width?: number;
}

const SHARP_FORMATS: Record<string, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif", "image/webp": "webp" };

export async function reencodeImage(buffer: Buffer, type: DetectedType, use: ImageUse, label: string): Promise<CleanFile> {
  const unreadable = new UnsafeFileError(415, `${label} could not be read as an image. Please choose another picture.`);
  let metadata: Metadata;
  try {
    // Reads the header only: the size is checked before any pixel is decoded.
    metadata = await sharp(buffer).metadata();
  } catch {
    throw unreadable;
  }
  if (metadata.format !== SHARP_FORMATS[type.mimeType] || !metadata.width || !metadata.height) throw unreadable;
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new UnsafeFileError(
      422,
      `${label} is too large (${metadata.width}×${metadata.height} pixels). Please send a picture of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }
  const { maxSide, format } = OUTPUT[use];
  try {
    // limitInputPixels again, in case the header lied; only the first frame of an animation is kept.
    let image = sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning", animated: false })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    // No withMetadata()/keepExif(): sharp writes no EXIF, XMP, IPTC or ICC data of the input.
    image = format === "webp" ? image.webp({ quality: 82 }) : image.flatten({ background: "#ffffff" }).jpeg({ quality: 90, chromaSubsampling: "4:4:4", mozjpeg: true });
    const { data: output, info } = await image.toBuffer({ resolveWithObject: true });
    return format === "webp"
      ? { buffer: output, mimeType: "image/webp", extension: "webp", width: info.width }
      : { buffer: output, mimeType: "image/jpeg", extension: "jpg", width: info.width };
  } catch {
    throw unreadable;
  }
}

/** PDF names that run code, act on opening, or carry other files or forms. */
const ACTIVE_PDF_NAMES = ["JavaScript", "JS", "OpenAction", "AA", "Launch", "EmbeddedFile", "EmbeddedFiles", "RichMedia", "XFA"];
// A name ends at whitespace or a delimiter; "/AA" must not match the font subset "/AAAAAB+Arial".
const ACTIVE_NAME = new RegExp(`/(?:${ACTIVE_PDF_NAMES.join("|")})(?=[\\s/<>\\[\\]()%{}]|$)`);
const HTML = /<(?:html|script)\b/i;
/** Object streams are inflated to be checked too; beyond this the PDF is not worth the risk. */
const MAX_INFLATED_BYTES = 20 * 1024 * 1024;

export const PDF_MESSAGES = {
  notPdf: "This file is not a valid PDF",
  active: "This PDF contains scripts, actions or attached files, which we cannot accept. Please send a screenshot or photo of the receipt instead.",
  html: "This PDF contains web page code, which we cannot accept. Please send a screenshot or photo of the receipt instead.",
  unchecked: "This PDF could not be checked. Please send a screenshot or photo of the receipt instead.",
};

/** "#4A" escapes spell any character of a PDF name: "/J#61vaScript" is "/JavaScript". */
const decodeNameEscapes = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The text of every compressed object stream: dictionaries (and so actions) can hide inside them. */
function objectStreams(text: string, buffer: Buffer): string[] {
  const found: string[] = [];
  let inflated = 0;
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    const dictionary = text.slice(Math.max(0, text.lastIndexOf("obj", match.index)), match.index);
    const end = text.indexOf("endstream", streamStart.lastIndex);
    if (end < 0) break;
    if (/\/Type\s*\/ObjStm\b/.test(decodeNameEscapes(dictionary))) {
      if (!/\/Filter\s*\/FlateDecode\b/.test(dictionary) || /\/DecodeParms/.test(dictionary)) throw new UnsafeFileError(422, PDF_MESSAGES.unchecked);
      try {
        const data = zlib.inflateSync(buffer.subarray(streamStart.lastIndex, end), { maxOutputLength: MAX_INFLATED_BYTES - inflated });
        inflated += data.length;
        found.push(data.toString("latin1"));
      } catch {
        throw new UnsafeFileError(422, PDF_MESSAGES.unchecked);
      }
    }
    streamStart.lastIndex = end + "endstream".length;
  }
  return found;
}

/** Refuses a PDF that is not one, or that carries active content or HTML. */
export function checkPdf(buffer: Buffer): CleanFile {
  const text = buffer.toString("latin1");
  if (!text.startsWith("%PDF-")) throw new UnsafeFileError(415, PDF_MESSAGES.notPdf);
  if (HTML.test(text)) throw new UnsafeFileError(422, PDF_MESSAGES.html);
  for (const part of [text, ...objectStreams(text, buffer)]) {
    if (ACTIVE_NAME.test(decodeNameEscapes(part))) throw new UnsafeFileError(422, PDF_MESSAGES.active);
  }
  return { buffer, mimeType: "application/pdf", extension: "pdf" };
}

/** The file to store for an upload whose type was detected from its content. */
export async function cleanFile(buffer: Buffer, type: DetectedType, use: ImageUse, label: string): Promise<CleanFile> {
  return type.mimeType === "application/pdf" ? checkPdf(buffer) : reencodeImage(buffer, type, use, label);
}
