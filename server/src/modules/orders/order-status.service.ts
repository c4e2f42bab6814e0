// An admin moves an order between statuses (any to any, SPEC §4). One transaction does the whole
// change: stock follows cancellation, tracking follows the status, the customer's status email is
// queued in the outbox and an audit entry records who, before, after and why. Email delivery
// happens later (mail/delivery.ts), so a mail failure can never undo the status change.
import type { Prisma } from "../../generated/prisma/client.ts";
import type { OrderStatus } from "../../generated/prisma/enums.ts";
import type { Db } from "../../db/database.ts";
import { queueEmail } from "../../mail/outbox.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { orderBalance } from "../../../../common/money.ts";
import { InsufficientStockError, NotFoundError, UnpaidOrderError, ValidationError, invariant } from "../errors.ts";
import { isAwaitingPayment } from "../payments/awaiting-payment.ts";
import { recordMoneyIn } from "../payments/money.ts";
import { formatPhone, normalizeNigerianPhone } from "../../../../common/phone.ts";
import { logger } from "../../logger.ts";
import type { StoreSettings } from "../../../../common/store-settings.ts";
import { paymentParagraph, type OrderPaymentForEmail } from "../payments/emails.ts";
import { isUuid } from "../../../../common/uuid.ts";
import { readableCode } from "./readable-codes.ts";
import type { Config } from "../../config.ts";
import { queueOrderShipped } from "../messages/order-messages.ts";
import { isOrderStatus, ORDER_STATUS_LABELS } from "../../../../common/order-status.ts";


export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  reason?: string | null;
  /** Shipping details the admin may record when the order ships (shown on the tracker). */
  transportCompany?: string | null;
  waybillNumber?: string | null;
  driverPhone?: string | null;
  /** Moving an unpaid order on to processing, shipped or delivered: the admin said they mean it. */
  confirmUnpaid?: boolean | null;
}

/** Statuses that hand goods over (or prepare to): an unpaid order reaches them only when confirmed. */
const NEEDS_PAYMENT_OR_CONFIRMATION: readonly OrderStatus[] = ["processing", "shipped", "delivered"];

type Tx = Prisma.TransactionClient;

/**
 * Whether an order's items are currently taken out of stock: every order but a cancelled one
 * (an unpaid order whose hold expires is cancelled by the payments feature, which returns its stock)
 * or one whose pieces a claim put back on sale (claims.service.ts), whatever its status becomes.
 */
export function holdsStock(order: { status: OrderStatus; claims: { restockedAt: Date | null }[] }): boolean {
  return order.status !== "cancelled" && !order.claims.some((claim) => claim.restockedAt !== null);
}

/** Readable over the phone, like the order reference. */
export function newTrackingNumber(): string {
  return `TRK-${readableCode(10)}`;
}

function optionalText(value: string | null | undefined, label: string, max: number, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? "";
  if (!text) return null;
  invariant(text.length <= max, `${label} must be at most ${max} characters`, field);
  return text;
}

export async function returnStock(tx: Tx, items: { productId: string | null; quantity: number }[]): Promise<void> {
  for (const item of items) {
    if (!item.productId) continue; // the product was deleted: nothing to return to
    await tx.product.updateMany({ where: { id: item.productId }, data: { stock: { increment: item.quantity } } });
  }
}

/** Takes the items out of stock again, or refuses the whole change when any is short. */
export async function retakeStock(tx: Tx, items: { productId: string | null; productName: string; quantity: number }[]): Promise<void> {
  for (const item of items) {
    if (!item.productId) {
      throw new ValidationError(`${item.productName} is no longer in the catalogue, so this order cannot be reopened`);
    }
    const taken = await tx.product.updateMany({
      where: { id: item.productId, stock: { gte: item.quantity } },
      data: { stock: { decrement: item.quantity } },
    });
    if (taken.count === 0) {
      const product = await tx.product.findUnique({ where: { id: item.productId }, select: { stock: true } });
      throw new InsufficientStockError(item.productId, item.productName, product?.stock ?? 0);
    }
  }
}

/** Locks the order row so two admins (or an admin and the hold expiry) cannot interleave. */
export async function lockOrder(tx: Tx, orderId: string) {
  await tx.$queryRaw`SELECT id FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  return tx.order.findUnique({ where: { id: orderId }, include: { items: true, claims: { select: { id: true, restockedAt: true } } } });
}

type ShippingFacts = { trackingNumber: string | null; transportCompany: string | null; waybillNumber: string | null; driverPhone: string | null };

/** What the tracker shows of a shipped order: the tracking number the store gave it, and who carries
 *  it, said even when the owner typed no carrier (issue 40: the email gave neither). */
function shippingLines(order: ShippingFacts): string[] {
  return [
    ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
    `Carrier: ${order.transportCompany ?? "not named yet; we will tell you who is bringing it"}`,
    ...(order.waybillNumber ? [`Waybill number: ${order.waybillNumber}`] : []),
    ...(order.driverPhone ? [`Driver's phone: ${formatPhone(order.driverPhone)}`] : []),
  ];
}

function statusEmail(order: OrderPaymentForEmail & ShippingFacts & { customerName: string }, status: OrderStatus, settings: StatusSettings) {
  const { publicUrl } = settings;
  const label = ORDER_STATUS_LABELS[status];
  const lines = [
    `Hello ${order.customerName},`,
    "",
    `Your order ${order.shortOrderId} is now: ${label}.`,
    // What the tracker shows once shipped, and nothing it does not.
    ...(status === "shipped" ? shippingLines(order) : []),
    "",
    paymentParagraph(settings.store, order),
    "",
    `Track it any time: ${publicUrl}/track-order/${order.shortOrderId}`,
  ];
  return { subject: `Order ${order.shortOrderId}: ${label}`, body: lines.join("\n") };
}

export interface StatusSettings {
  publicUrl: string;
  /** A reopened order whose payment hold had expired gets a fresh hold of this many hours. */
  holdHours: number;
  /** The bank account, for the payment paragraph of unpaid orders; the name signs an SMS. */
  store: Pick<StoreSettings, "bankAccountName" | "bankName" | "bankAccountNumber" | "name" | "whatsapp">;
  /** Where shipping news goes besides email (decision 036). */
  whatsapp: Config["whatsapp"];
  termii: Config["termii"];
}

export async function changeOrderStatus(prisma: Db, actor: Actor, change: StatusChange, settings: StatusSettings) {
  invariant(isUuid(change.orderId), "Order not found", "orderId");
  invariant(isOrderStatus(change.status), "Unknown order status", "status");
  const reason = optionalText(change.reason, "Reason", 500, "reason") ?? null;
  const transportCompany = optionalText(change.transportCompany, "Transport company", 100, "transportCompany");
  const waybillNumber = optionalText(change.waybillNumber, "Waybill number", 60, "waybillNumber");
  let driverPhone = optionalText(change.driverPhone, "Driver's phone", 30, "driverPhone");
  if (driverPhone) {
    const normalized = normalizeNigerianPhone(driverPhone);
    invariant(normalized, "Enter the driver's phone as a Nigerian number, e.g. 0803 123 4567", "driverPhone");
    driverPhone = normalized;
  }

  return prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!order) throw new NotFoundError("Order not found");
    const from = order.status;
    const to = change.status;
    const before = { status: from, paymentStatus: order.paymentStatus, holdsStock: holdsStock(order), trackingNumber: order.trackingNumber };

    const heldBefore = holdsStock(order);
    const heldAfter = holdsStock({ status: to, claims: order.claims });
    if (heldBefore && !heldAfter) await returnStock(tx, order.items);
    if (!heldBefore && heldAfter) await retakeStock(tx, order.items);
    const statusChanged = from !== to;
    const now = new Date();
    // The order as this change leaves it decides what its money asks (decision 034), not the row
    // before it: a cancelled order is never "awaiting payment", however unpaid.
    const reopened = !heldBefore && heldAfter;
    // An order whose unpaid hold expired awaits the transfer again.
    const paymentStatus = reopened && order.paymentStatus === "expired" ? ("awaiting_transfer" as const) : order.paymentStatus;
    // Money that came in while it was cancelled (a late transfer) may already cover it: it comes
    // back paid (below), not awaiting a payment made, to expire again.
    const coveredNow = reopened && isAwaitingPayment({ status: to, paymentStatus }) && order.amountPaid.gte(order.total);
    const awaitingAfter = isAwaitingPayment({ status: to, paymentStatus }) && !coveredNow;
    // An unpaid order that comes (back) to pending gets a fresh hold when it has none left, so the
    // shopper can pay (and it expires again if they do not): not one that expires within a minute.
    // So does a paid order that grew, awaiting its balance (decision 037), back to an open status:
    // its added pieces would otherwise be released at the next turn of the hold job.
    const holdEnded = !order.holdExpiresAt || order.holdExpiresAt <= now;
    const balanceOpen = order.balanceSince !== null;
    const heldStatus = to === "pending" || (balanceOpen && (to === "confirmed" || to === "processing"));
    const freshHold = statusChanged && heldStatus && awaitingAfter && (reopened || holdEnded);
    const reopenPayment = {
      ...(paymentStatus !== order.paymentStatus ? { paymentStatus } : {}),
      ...(freshHold ? { holdExpiresAt: new Date(now.getTime() + settings.holdHours * 3_600_000), holdExtended: false } : {}),
      // Shipped or delivered with the balance unpaid: the added pieces went with the parcel, so they
      // are the shopper's (and their balance still owed), never released.
      ...(balanceOpen && (to === "shipped" || to === "delivered") ? { balanceSince: null } : {}),
    };

    const unpaidConfirmed = statusChanged && NEEDS_PAYMENT_OR_CONFIRMATION.includes(to) && awaitingAfter;
    if (unpaidConfirmed && !change.confirmUnpaid) throw new UnpaidOrderError(orderBalance({ ...order, status: to, paymentStatus }).amountDue, to);
    // The first time an order ships it gets a tracking number; it keeps it afterwards.
    const trackingNumber = order.trackingNumber ?? (to === "shipped" ? newTrackingNumber() : null);
    let updated = await tx.order.update({
      where: { id: order.id },
      data: {
        status: to,
        ...reopenPayment,
        trackingNumber,
        ...(statusChanged ? { trackingStatus: to, trackingUpdatedAt: now } : {}),
        ...(transportCompany !== undefined ? { transportCompany } : {}),
        ...(waybillNumber !== undefined ? { waybillNumber } : {}),
        ...(driverPhone !== undefined ? { driverPhone } : {}),
      },
    });
    // No new money: what it already holds now covers an open order, so the money model marks it paid.
    if (coveredNow && (await recordMoneyIn(tx, { orderId: order.id, amount: "0", paidAt: now, reference: order.bankReference })).becamePaid) {
      updated = await tx.order.findUniqueOrThrow({ where: { id: order.id } });
    }

    await recordAudit(tx, {
      actor,
      action: "order.status",
      entityType: "order",
      entityId: order.id,
      orderId: order.id,
      before,
      after: {
        status: updated.status,
        paymentStatus: updated.paymentStatus,
        holdsStock: heldAfter,
        trackingNumber,
        transportCompany: updated.transportCompany,
        waybillNumber: updated.waybillNumber,
        driverPhone: updated.driverPhone,
        ...(unpaidConfirmed ? { unpaidConfirmed: true } : {}),
      },
      reason,
    });

    if (statusChanged) {
      const email = statusEmail(updated, updated.status, settings);
      await queueEmail(tx, { to: order.customerEmail, ...email });
      if (to === "shipped") await queueOrderShipped(tx, settings, updated);
      logger.info("Order status changed", { orderId: order.id, from, to, by: actor.label });
    }
    return updated;
  });
}
