// Transfer receipts are private (issue 26, item 5): a receipt shows a shopper's name, bank and
// account, so the file is served only through a short-lived signed link, handed out with the
// receipt to the order's owner and to admins (PaymentReceipt.fileUrl), and answered with
// `Cache-Control: private, no-store` so no CDN, proxy or service worker keeps a copy
// (http/serve-uploads.ts). A stored receipt path without a valid signature answers 403.
// The key is the server's RECEIPT_LINK_SECRET (config.ts) or, when none is set, one kept in the
// database (app_secrets) so every instance signs and checks alike.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { appSecret } from "../../db/app-secrets.ts";

/** Long enough to open the receipt from the page that listed it; short enough that a copied link dies. */
export const RECEIPT_LINK_SECONDS = 15 * 60;

/** Receipts stored on the server's disk; Cloudinary receipts are another matter (decision 032). */
const LOCAL_RECEIPT = /^\/uploads\/receipts\/[A-Za-z0-9_-]{8,64}\.[a-z]{3,4}$/;

export function isLocalReceipt(path: string): boolean {
  return LOCAL_RECEIPT.test(path);
}

export function receiptLinkKey(prisma: Db, configured: string | null): Promise<Buffer> {
  return configured ? Promise.resolve(Buffer.from(configured, "utf8")) : appSecret(prisma, "receipt-links");
}

const mac = (key: Buffer, path: string, expires: number) => createHmac("sha256", key).update(`receipt:${path}:${expires}`).digest("base64url");

/** `/uploads/receipts/x.jpg?expires=…&signature=…`; any other URL is returned as it is. */
export function signReceiptUrl(key: Buffer, url: string, now = Date.now()): string {
  if (!isLocalReceipt(url)) return url;
  const expires = Math.floor(now / 1000) + RECEIPT_LINK_SECONDS;
  return `${url}?expires=${expires}&signature=${mac(key, url, expires)}`;
}

/** Whether a request for a stored receipt carries a valid, unexpired signature. */
export function receiptLinkValid(key: Buffer, path: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
  if (!isLocalReceipt(path) || typeof expires !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now) return false;
  const expected = Buffer.from(mac(key, path, Number(expires)));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
