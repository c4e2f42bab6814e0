// Transfer receipts are private (issue 26, item 5): a receipt shows a shopper's name, bank and
// account, so the file is served only through a short-lived signed link, handed out with the
// receipt to the order's owner and to admins (PaymentReceipt.fileUrl), and answered with
// `Cache-Control: private, no-store` so no CDN, proxy or service worker keeps a copy
// (http/serve-uploads.ts). A stored receipt path without a valid signature answers 403. The same
// link opens a receipt kept at Cloudinary: the store fetches it there (decision 031).
// The key is the server's RECEIPT_LINK_SECRET (config.ts) or, when none is set, one kept in the
// database (app_secrets) so every instance signs and checks alike.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { appSecret } from "../../db/app-secrets.ts";
import { isReceiptPath, receiptPathOf } from "../../storage/receipt-files.ts";

/** Long enough to open the receipt from the page that listed it; short enough that a copied link dies. */
export const RECEIPT_LINK_SECONDS = 15 * 60;

/** Receipts stored on the server's disk (Cloudinary receipts: storage/receipt-files.ts, decision 031). */
const LOCAL_RECEIPT = /^\/uploads\/receipts\/[A-Za-z0-9_-]{8,64}\.[a-z]{3,4}$/;

export function isLocalReceipt(path: string): boolean {
  return LOCAL_RECEIPT.test(path);
}

export function receiptLinkKey(prisma: Db, configured: string | null): Promise<Buffer> {
  return configured ? Promise.resolve(Buffer.from(configured, "utf8")) : appSecret(prisma, "receipt-links");
}

/** The first characters of a receipt's (or claim photo's) name: which order it was uploaded for. */
const orderTag = (key: Buffer, orderId: string) => createHmac("sha256", key).update(`receipt-order:${orderId}`).digest("hex").slice(0, 16);

/**
 * A new receipt's or claim photo's name, bound to the order it is uploaded for: the order's tag,
 * then 24 random hex characters. Since 28 Nov 2026: before, any stored receipt path could be named
 * with any order, so someone who had learnt another shopper's receipt path (staff, from the payments
 * queue) could attach it to an order of their own and be handed fresh signed links to it.
 */
export function receiptNameFor(key: Buffer, orderId: string): string {
  return orderTag(key, orderId) + randomBytes(12).toString("hex");
}

/** Whether a stored receipt or claim photo was uploaded for this order (receiptNameFor). */
export function receiptIsFor(key: Buffer, stored: string, orderId: string): boolean {
  const name = /\/([A-Za-z0-9_-]+)\.[a-z]{3,4}$/.exec(receiptPathOf(stored) ?? "")?.[1];
  return name !== undefined && name.length === 40 && name.startsWith(orderTag(key, orderId));
}

const mac = (key: Buffer, path: string, expires: number) => createHmac("sha256", key).update(`receipt:${path}:${expires}`).digest("base64url");

/**
 * A stored receipt (local path, or a Cloudinary one: storage/receipt-files.ts) as a store link
 * `/uploads/receipts/….<ext>?expires=…&signature=…`, whichever storage holds it: one link shape for
 * both modes. A URL that is no receipt of ours is returned as it is.
 */
export function signReceiptUrl(key: Buffer, stored: string, now = Date.now()): string {
  const path = receiptPathOf(stored);
  if (!path) return stored;
  const expires = Math.floor(now / 1000) + RECEIPT_LINK_SECONDS;
  return `${path}?expires=${expires}&signature=${mac(key, path, expires)}`;
}

/** Whether a request for a stored receipt carries a valid, unexpired signature. */
export function receiptLinkValid(key: Buffer, path: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
  if (!isReceiptPath(path) || typeof expires !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now) return false;
  const expected = Buffer.from(mac(key, path, Number(expires)));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
