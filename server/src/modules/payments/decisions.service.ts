// Admin decisions on a payment. Only these mark an order paid; each is audited and emailed.
import type { Db } from "../../db/database.ts";
import type { Config } from "../../config.ts";
import { queueEmail } from "../../mail/outbox.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { paymentConfirmedEmail, paymentRejectedEmail } from "./emails.ts";
import { ORDER_NOT_FOUND } from "../orders/ownership.ts";
import { assertCanMarkPaid, assertCanReject, PAYMENT_LIMITS, PAYMENT_MESSAGES, requiredText } from "./rules.ts";
import { isUuid } from "../../../../common/uuid.ts";
import { orderBalance } from "../../../../common/money.ts";
import { parseNaira } from "../../../../common/product-validation.ts";
import { recordMoneyIn } from "./money.ts";
import { queuePaymentConfirmed } from "../messages/order-messages.ts";

export async function markOrderPaid(
  prisma: Db,
  config: Config,
  actor: Actor,
  input: { orderId: string; bankReference?: string | null; amountDue?: string | null },
  now = new Date(),
) {
  const bankReference = input.bankReference?.trim() || null;
  if (bankReference && bankReference.length > PAYMENT_LIMITS.bankReference) {
    throw new ValidationError(`Bank reference must be at most ${PAYMENT_LIMITS.bankReference} characters`, "bankReference");
  }
  if (!isUuid(input.orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    // Locked first: the balance read here is the one brought in (a provider payment settling at the
    // same moment waits, then finds the order paid and flags its money a duplicate).
    await tx.$queryRaw`SELECT id FROM orders WHERE id = ${input.orderId}::uuid FOR UPDATE`;
    const order = await tx.order.findUnique({ where: { id: input.orderId } });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    assertCanMarkPaid(order);
    // The owner saw the rest arrive: what was due comes in, and the order is paid (decision 034).
    const { amountDue } = orderBalance(order);
    // Only the amount the owner checked the bank for: pieces added since the page was opened (a
    // bundle on an order under review) would otherwise count as received.
    if (input.amountDue != null && !sameAmount(input.amountDue, amountDue)) throw new ValidationError(PAYMENT_MESSAGES.dueChanged(amountDue), "amountDue");
    const money = await recordMoneyIn(tx, { orderId: order.id, amount: amountDue, paidAt: now, reference: bankReference });
    if (!money.becamePaid) throw new ValidationError(PAYMENT_MESSAGES.changed);
    await recordAudit(tx, {
      actor,
      action: "payment.marked_paid",
      entityType: "payment",
      entityId: order.id,
      orderId: order.id,
      before: { status: order.status, paymentStatus: order.paymentStatus, amountPaid: order.amountPaid.toFixed(2) },
      after: { status: money.status, paymentStatus: "paid", bankReference, total: order.total.toFixed(2), received: amountDue, amountPaid: money.amountPaid.toFixed(2) },
    });
    await queueEmail(tx, paymentConfirmedEmail(config.publicUrl, order, money));
    await queuePaymentConfirmed(tx, config, order.id);
    return tx.order.findUniqueOrThrow({ where: { id: order.id } });
  });
}

function sameAmount(seen: string, due: string): boolean {
  const parsed = parseNaira(seen);
  return parsed.ok && parsed.amount === due;
}

export async function rejectPayment(prisma: Db, config: Config, actor: Actor, input: { orderId: string; reason: string }) {
  const reason = requiredText(input.reason, 3, PAYMENT_LIMITS.reason, PAYMENT_MESSAGES.reasonRequired, "reason", "Reason");
  if (!isUuid(input.orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: input.orderId } });
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    assertCanReject(order);
    const { count } = await tx.order.updateMany({
      where: { id: order.id, paymentStatus: "under_review" },
      data: { paymentStatus: "awaiting_transfer", rejectionReason: reason },
    });
    if (count !== 1) throw new ValidationError(PAYMENT_MESSAGES.changed);
    await recordAudit(tx, {
      actor,
      action: "payment.rejected",
      entityType: "payment",
      entityId: order.id,
      orderId: order.id,
      before: { paymentStatus: order.paymentStatus },
      after: { paymentStatus: "awaiting_transfer" },
      reason,
    });
    await queueEmail(tx, paymentRejectedEmail(config.publicUrl, order, reason));
    return tx.order.findUniqueOrThrow({ where: { id: order.id } });
  });
}
