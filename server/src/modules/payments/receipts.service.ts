// Receipt submission by the order's owner. A receipt never marks anything paid: it moves the order
// to "under review" for an admin, and extends the hold once so the admin has time to check.
import type { Db } from "../../db/database.ts";
import type { Config } from "../../config.ts";
import { queueEmail } from "../../mail/outbox.ts";
import { actorOf, recordAudit } from "../audit/audit.service.ts";
import { ValidationError } from "../errors.ts";
import { receiptIsFor, receiptLinkKey } from "./receipt-links.ts";
import { ownerReceiptEmail, receiptReceivedEmail } from "./emails.ts";
import { assertOwnsOrder, limitGuestProof, placedByViewer, type OwnedOrderFields, type OwnershipProof } from "../orders/ownership.ts";
import { normaliseReference } from "../orders/readable-codes.ts";
import { assertTakesPayment, holdAfterReceipt, PAYMENT_LIMITS, PAYMENT_MESSAGES, receiptFile, requiredText, UNPAID } from "./rules.ts";
import { findOrderById, REFERENCE } from "./lookup.service.ts";
import { hitRateLimit } from "../accounts/rate-limit.ts";

const RECEIPTS_PER_ORDER = { limit: 5, windowSeconds: 3600 };

export interface ReceiptInput {
  orderId: string;
  fileUrl: string;
  senderName: string;
  senderBank: string;
}

/** The order when the requester owns it (owner, guest token, or reference + phone); "Order not found" otherwise. */
async function assertMayPay<T extends OwnedOrderFields & { shortOrderId: string }>(prisma: Db, found: T | null, proof: OwnershipProof, now: Date): Promise<T> {
  // Phone proofs count against the guest-lookup limit, so a phone cannot be guessed by uploading.
  if (proof.phone && found && !placedByViewer(found, proof.viewer)) {
    await limitGuestProof(prisma, proof.ip, found.shortOrderId, now);
  }
  assertOwnsOrder(found, proof);
  return found;
}

/**
 * Before a receipt file is stored (POST /api/uploads): the order, by reference, must be one the
 * requester may pay for and still open for receipts, so nobody can use the store as free file
 * hosting. Unknown and other people's orders get the same "Order not found".
 */
export async function orderForReceiptUpload(prisma: Db, reference: string, proof: OwnershipProof, now = new Date()) {
  const shortOrderId = normaliseReference(reference);
  const found = REFERENCE.test(shortOrderId) ? await prisma.order.findUnique({ where: { shortOrderId } }) : null;
  const order = await assertMayPay(prisma, found, proof, now);
  assertTakesPayment(order, now);
  return order;
}

export async function submitReceipt(prisma: Db, config: Config, input: ReceiptInput, proof: OwnershipProof, now = new Date()) {
  const senderName = requiredText(input.senderName, 2, PAYMENT_LIMITS.senderName, PAYMENT_MESSAGES.senderName, "senderName", "Sender name");
  const senderBank = requiredText(input.senderBank, 2, PAYMENT_LIMITS.senderBank, PAYMENT_MESSAGES.senderBank, "senderBank", "Bank name");
  const file = receiptFile(input.fileUrl);
  const order = await assertMayPay(prisma, await findOrderById(prisma, input.orderId), proof, now);
  // Only a file uploaded for this very order (its name says which): not another shopper's receipt.
  if (!receiptIsFor(await receiptLinkKey(prisma, config.receiptLinkSecret), file.url, order.id)) throw new ValidationError(PAYMENT_MESSAGES.receiptFile, "fileUrl");
  // Each receipt emails the shopper and lands in the admins' queue: a few an hour is plenty.
  await hitRateLimit(prisma, [`receipt:order:${order.id}`], RECEIPTS_PER_ORDER, now);

  return prisma.$transaction(async (tx) => {
    const current = await tx.order.findUniqueOrThrow({ where: { id: order.id } });
    assertTakesPayment(current, now);
    const hold = holdAfterReceipt(current.holdExpiresAt, current.holdExtended);
    // Conditional on the state we read: a concurrent receipt or decision makes this a no-op,
    // so the hold is extended at most once.
    const { count } = await tx.order.updateMany({
      where: { id: current.id, paymentStatus: { in: UNPAID }, status: { not: "cancelled" }, holdExtended: current.holdExtended },
      data: { paymentStatus: "under_review", rejectionReason: null, ...hold },
    });
    if (count !== 1) throw new ValidationError(PAYMENT_MESSAGES.changed);
    const receipt = await tx.paymentReceipt.create({
      data: { orderId: current.id, fileUrl: file.url, mimeType: file.mimeType, senderName, senderBank, createdAt: now },
    });
    await recordAudit(tx, {
      actor: actorOf(proof.viewer),
      action: "payment.receipt_submitted",
      entityType: "payment",
      entityId: receipt.id,
      orderId: current.id,
      before: { paymentStatus: current.paymentStatus, holdExpiresAt: current.holdExpiresAt?.toISOString() ?? null },
      after: { paymentStatus: "under_review", holdExpiresAt: hold.holdExpiresAt?.toISOString() ?? null, senderName, senderBank },
    });
    await queueEmail(tx, receiptReceivedEmail(config.publicUrl, current, hold.holdExpiresAt));
    await queueEmail(tx, ownerReceiptEmail(config.publicUrl, config.store.email, current, { senderName, senderBank }));
    return tx.order.findUniqueOrThrow({ where: { id: current.id } });
  });
}
