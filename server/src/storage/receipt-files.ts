// Where a transfer receipt lives, by what the database stores for it (payment_receipts.file_url),
// and the store path its signed link opens (modules/payments/receipt-links.ts, decision 031):
// - on local disk: `/uploads/receipts/<name>.<ext>`, stored and linked as it is;
// - on Cloudinary since 2026-11-26: an `authenticated` asset (no public or CDN URL exists for it),
//   stored as `/uploads/receipts/cloudinary/authenticated/<name>.<ext>`, which names its public id
//   (`receipts/<name>`), format and delivery type; the store fetches it with the API secret;
// - on Cloudinary before that: a public `upload` asset, stored as its res.cloudinary.com URL and
//   linked as `/uploads/receipts/cloudinary/upload/<name>.<ext>`, so it too is only handed out
//   through the store (its public URL keeps working at Cloudinary until an operator moves it).

/** Delivery types the store reads receipts from. */
export type ReceiptDeliveryType = "authenticated" | "upload";

/** A receipt kept at Cloudinary, as its download API names it. */
export interface CloudinaryReceipt {
  publicId: string;
  format: string;
  type: ReceiptDeliveryType;
}

const NAME = "[A-Za-z0-9_-]{8,64}";
const EXTENSION = "[a-z]{3,4}";
const LOCAL = new RegExp(`^/uploads/receipts/${NAME}\\.${EXTENSION}$`);
const CLOUD = new RegExp(`^/uploads/receipts/cloudinary/(authenticated|upload)/(${NAME})\\.(${EXTENSION})$`);
// The only shape the store ever received from Cloudinary for a receipt (folder "receipts").
const LEGACY_PUBLIC = new RegExp(`^https://res\\.cloudinary\\.com/[A-Za-z0-9_-]+/image/upload/(?:v\\d+/)?receipts/(${NAME})\\.(${EXTENSION})$`);

/** The store path of a receipt kept at Cloudinary under `receipts/<name>`. */
export function cloudinaryReceiptPath(name: string, format: string, type: ReceiptDeliveryType): string {
  return `/uploads/receipts/cloudinary/${type}/${name}.${format}`;
}

/** The Cloudinary asset behind a receipt link path; null for any other path. */
export function cloudinaryReceiptAt(path: string): CloudinaryReceipt | null {
  const match = CLOUD.exec(path);
  return match ? { type: match[1] as ReceiptDeliveryType, publicId: `receipts/${match[2]}`, format: match[3]! } : null;
}

/** The store path a stored receipt is opened at (through a signed link); null when it is no receipt of ours. */
export function receiptPathOf(stored: string): string | null {
  if (LOCAL.test(stored) || CLOUD.test(stored)) return stored;
  const legacy = LEGACY_PUBLIC.exec(stored);
  return legacy ? cloudinaryReceiptPath(legacy[1]!, legacy[2]!, "upload") : null;
}

/** Whether a request path is one a receipt link may open. */
export function isReceiptPath(path: string): boolean {
  return LOCAL.test(path) || CLOUD.test(path);
}
