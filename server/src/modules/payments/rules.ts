// The payment rules in one place: which states accept which command, and the limits of inputs.
import { Prisma, type OrderStatus, type PaymentStatus } from "../../generated/prisma/client.ts";
import { ValidationError } from "../errors.ts";
import { IN_THE_SHOP, UNPAID_STATUSES } from "../../../../common/order-status.ts";
import { TYPE_BY_EXTENSION } from "../../../../common/upload-types.ts";
import { receiptPathOf } from "../../storage/receipt-files.ts";
import { formatNaira } from "../../../../common/naira.ts";

/** A receipt extends the hold once, by this much. */
export const RECEIPT_EXTENSION_HOURS = 24;
export const UNPAID: PaymentStatus[] = [...UNPAID_STATUSES];
/** UNPAID for raw SQL: `payment_status IN (${UNPAID_SQL})` (each value cast, so the column's index is used). */
export const UNPAID_SQL = Prisma.join(UNPAID.map((status) => Prisma.sql`${status}::"PaymentStatus"`));
/** The order statuses a balance hold runs in (IN_THE_SHOP), for raw SQL: `status IN (${IN_THE_SHOP_SQL})`. */
export const IN_THE_SHOP_SQL = Prisma.join(IN_THE_SHOP.map((status) => Prisma.sql`${status}::"OrderStatus"`));
/** Orders whose hold is running, given an unpaid payment status: a new order still pending, or an
 *  order in the shop that grew after it was paid (its balance, decision 037). */
export const HOLD_RUNS_SQL = Prisma.sql`((status = 'pending' AND balance_since IS NULL) OR (balance_since IS NOT NULL AND status IN (${IN_THE_SHOP_SQL})))`;

/** "On hold", as SQL for a product row under `alias`: sold out, with units held by an unpaid order
 *  that is not cancelled (the item may come back). The one statement of the rule: the batched
 *  lookup and the storefront's page query both use it. */
export function onHoldSql(alias = "p"): Prisma.Sql {
  const product = Prisma.raw(alias);
  return Prisma.sql`(${product}.stock <= 0 AND EXISTS (SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE oi.product_id = ${product}.id AND o.status <> 'cancelled' AND o.payment_status IN (${UNPAID_SQL})))`;
}

export const PAYMENT_MESSAGES = {
  alreadyPaid: "This order is already paid",
  cancelled: "This order was cancelled, so it cannot take a payment",
  holdEnded: "The reservation for this order has ended. Please contact us on WhatsApp.",
  notUnderReview: "Only a payment under review can be rejected",
  changed: "This order changed in the meantime. Please refresh and try again.",
  dueChanged: (due: string) => `This order now asks ${formatNaira(due)}: it changed since you opened it. Check the bank for that amount, then mark it paid again.`,
  reasonRequired: "Please give a reason for rejecting the payment",
  senderName: "Sender name must be at least 2 characters",
  senderBank: "Please enter the bank you sent the money from",
  receiptFile: "Please upload the receipt as an image or PDF first",
} as const;

export const PAYMENT_LIMITS = { senderName: 100, senderBank: 60, reason: 500, bankReference: 100 } as const;

export interface PaymentState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/** An order takes money (a receipt, a provider payment opened or tried again) while it is unpaid, open
 *  and still held: past its hold its pieces may be back on sale. */
export function assertTakesPayment(order: PaymentState & { holdExpiresAt: Date | null }, now: Date): void {
  if (order.paymentStatus === "paid") throw new ValidationError(PAYMENT_MESSAGES.alreadyPaid);
  if (order.status === "cancelled" || order.paymentStatus === "expired") throw new ValidationError(PAYMENT_MESSAGES.cancelled);
  if (order.holdExpiresAt && order.holdExpiresAt.getTime() <= now.getTime()) throw new ValidationError(PAYMENT_MESSAGES.holdEnded);
}

/** An admin may mark paid from either unpaid state (a credit alert can arrive without a receipt). */
export function assertCanMarkPaid(order: PaymentState): void {
  if (order.paymentStatus === "paid") throw new ValidationError(PAYMENT_MESSAGES.alreadyPaid);
  if (order.status === "cancelled" || order.paymentStatus === "expired") throw new ValidationError(PAYMENT_MESSAGES.cancelled);
}

export function assertCanReject(order: PaymentState): void {
  if (order.paymentStatus !== "under_review") throw new ValidationError(PAYMENT_MESSAGES.notUnderReview);
}

/** The new deadline after a receipt: extended once, by RECEIPT_EXTENSION_HOURS. */
export function holdAfterReceipt(holdExpiresAt: Date | null, holdExtended: boolean): { holdExpiresAt: Date | null; holdExtended: boolean } {
  if (holdExtended || !holdExpiresAt) return { holdExpiresAt, holdExtended };
  return { holdExpiresAt: new Date(holdExpiresAt.getTime() + RECEIPT_EXTENSION_HOURS * 3600_000), holdExtended: true };
}

/** Text fields: trimmed, with a minimum and a maximum. */
export function requiredText(value: string, min: number, max: number, message: string, field: string, label: string): string {
  const text = value.trim();
  if (text.length < min) throw new ValidationError(message, field);
  if (text.length > max) throw new ValidationError(`${label} must be at most ${max} characters`, field);
  return text;
}


/**
 * A receipt must be a file our uploads endpoint stored in the receipts folder (local disk, or
 * Cloudinary: storage/receipt-files.ts); the type comes from the stored name, which the endpoint
 * chose from the content.
 */
export function receiptFile(url: string): { url: string; mimeType: string } {
  const text = url.trim();
  const extension = receiptPathOf(text) ? /\.([a-z]{3,4})$/.exec(text)?.[1] : undefined;
  const mimeType = extension ? TYPE_BY_EXTENSION[extension] : undefined;
  if (!mimeType) throw new ValidationError(PAYMENT_MESSAGES.receiptFile, "fileUrl");
  return { url: text, mimeType };
}
