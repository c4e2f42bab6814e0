// Bundles: the owner adds pieces to an order already placed, for BUNDLE_HOURS and until it ships,
// paying no second delivery fee (decision 037). The stock is taken as at checkout, through the one
// stock-and-money core (orders/write-order.ts: the same guard, the same turns per piece), in one
// transaction with the order's row locked; the total grows by the pieces alone. A paid order that
// grows awaits its balance (amountDue) again, by the money model's one writer (decision 034), and a
// Paystack order is asked for exactly that balance.
import type { Config } from "../../config.ts";
import type { Viewer } from "../../auth/viewer.ts";
import { sqlInPrisma } from "../../db/database.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { bundleRefusal } from "../../../../common/bundles.ts";
import { orderBalance } from "../../../../common/money.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { ValidationError, NotFoundError } from "../errors.ts";
import { queueEmail } from "../../mail/outbox.ts";
import { recordAudit, actorOf } from "../audit/audit.service.ts";
import { cleanGuestLines, type GuestCartLine } from "../cart/cart.service.ts";
import { normaliseReference } from "../orders/readable-codes.ts";
import { assertOwnsOrder, limitGuestProof, ORDER_NOT_FOUND, placedByViewer } from "../orders/ownership.ts";
import { inPieceTurns, orderLines, precheck, takeStock, type Driver } from "../orders/write-order.ts";
import { REFERENCE } from "../payments/lookup.service.ts";
import { reopenForBalance } from "../payments/money.ts";
import { paymentParagraph } from "../payments/emails.ts";
import { fallBackToManualTransfer, openProviderPayment, providerPaymentParagraph, type OpenedPayment } from "../payments/provider-payments.service.ts";

export const NOTHING_TO_ADD = "Choose the pieces to add";

export interface AddToOrderInput {
  reference: string;
  phone?: string | null;
  items: GuestCartLine[];
}

export interface AddedToOrder {
  orderId: string;
  /** The products whose stock this call took. */
  products: string[];
  /** A Paystack order: the payment opened for its balance (null for a bank-transfer order). */
  opened: OpenedPayment | null;
}

/** The order row as the addition reads it, locked. */
interface LockedForAdding {
  id: string;
  shortOrderId: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  createdAt: Date;
  holdExpiresAt: Date | null;
  /** Set while a paid order that grew awaits its balance (an earlier addition). */
  balanceSince: Date | null;
  total: Prisma.Decimal;
  amountPaid: Prisma.Decimal;
  customerName: string;
  customerEmail: string | null;
  rejectionReason: string | null;
}

/**
 * Adds `items` to the order `reference`. Only its owner: the signed-in shopper who placed it, or
 * whoever gives the order's phone number (the tracker's proof, rate-limited the same way); anyone
 * else is told "Order not found" whether or not it exists, and nothing is written.
 */
export async function addToOrder(driver: Driver, config: Config, viewer: Viewer | null, ip: string, input: AddToOrderInput): Promise<AddedToOrder> {
  const { prisma, sql } = driver;
  const reference = normaliseReference(input.reference).replace(/\s/g, "");
  if (!REFERENCE.test(reference)) throw new NotFoundError(ORDER_NOT_FOUND);
  const lines = cleanGuestLines(input.items);
  if (!lines.length) throw new ValidationError(NOTHING_TO_ADD, "items");
  const found = await prisma.order.findUnique({ where: { shortOrderId: reference }, select: { id: true, userId: true, customerPhone: true, guestTokenHash: true } });
  if (!found || !placedByViewer(found, viewer)) {
    // A phone proof is counted like the tracker's, so phone numbers cannot be guessed here either.
    if (!input.phone) throw new NotFoundError(ORDER_NOT_FOUND);
    await limitGuestProof(prisma, ip, reference);
  }
  assertOwnsOrder(found, { viewer, phone: input.phone, ip });
  const orderId = found.id;
  const now = new Date();
  const { soldOut } = await precheck(sql, null, lines, now);
  if (soldOut) throw soldOut;
  const stillPossible = async () => {
    const { soldOut } = await precheck(sql, null, lines, new Date());
    if (soldOut) throw soldOut;
  };
  const sorted = [...lines].sort((a, b) => a.productId.localeCompare(b.productId));
  const after = await inPieceTurns(
    sorted.map((line) => line.productId),
    stillPossible,
    () =>
      prisma.$transaction(async (tx) => {
        // The order first, then its new pieces (the order holds and status changes lock in): an
        // order that ships or expires meanwhile waits for this, or this for it.
        const [order] = await tx.$queryRaw<LockedForAdding[]>`
          SELECT id::text AS id, short_order_id AS "shortOrderId", status::text AS status, payment_status::text AS "paymentStatus",
            payment_method::text AS "paymentMethod", created_at AS "createdAt", hold_expires_at AS "holdExpiresAt", balance_since AS "balanceSince", total, amount_paid AS "amountPaid",
            customer_name AS "customerName", customer_email AS "customerEmail", rejection_reason AS "rejectionReason"
          FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
        const refusal = bundleRefusal(order!, config.bundleHours, now);
        if (refusal) throw new ValidationError(refusal, "reference");
        // Stamped under the order's lock, never before an open balance's start (another instance's
        // clock, or an addition that took the lock first): the pieces a release returns are those
        // stamped from balance_since, so each of this balance's pieces must be among them.
        const lockedAt = new Date();
        const addedAt = order!.balanceSince && order!.balanceSince > lockedAt ? order!.balanceSince : lockedAt;
        const taken = [];
        for (const line of sorted) taken.push({ product: (await takeStock(sqlInPrisma(tx), line, now, false)).product, quantity: line.quantity });
        const added = taken.reduce((sum, { product, quantity }) => sum.add(product.price.mul(quantity)), new Prisma.Decimal(0));
        await tx.orderItem.createMany({ data: orderLines(orderId, taken, addedAt) });
        // No second delivery fee: the total grows by the pieces alone. A paid order that grows is
        // held for its balance like a new order: if the hold ends unpaid, the pieces added go back
        // on sale and the order goes ahead as paid (holds.service.ts releaseUnpaidAdditions).
        const grown = await tx.order.update({
          where: { id: orderId },
          data: { total: { increment: added } },
          select: { total: true, amountPaid: true, status: true, paymentStatus: true, holdExpiresAt: true },
        });
        const balanceHold = await reopenForBalance(tx, orderId, addedAt, new Date(addedAt.getTime() + config.holdHours * 3600_000));
        const money = balanceHold ? { ...grown, paymentStatus: "awaiting_transfer", holdExpiresAt: balanceHold } : grown;
        // When these pieces go back on sale unpaid: this balance's hold, new or from an earlier addition.
        const releasedAt = balanceHold ?? (order!.balanceSince ? grown.holdExpiresAt : null);
        const amountDue = orderBalance(money).amountDue;
        await recordAudit(tx, {
          actor: actorOf(viewer),
          action: "order.pieces_added",
          entityType: "order",
          entityId: orderId,
          orderId,
          before: { total: order!.total.toFixed(2), paymentStatus: order!.paymentStatus },
          after: {
            total: grown.total.toFixed(2),
            paymentStatus: money.paymentStatus,
            amountDue,
            items: taken.map(({ product, quantity }) => ({ productId: product.id, quantity, price: product.price.toFixed(2) })),
          },
        });
        // A Paystack order's email waits for the provider's answer (its account or page goes in it).
        const asksProvider = order!.paymentMethod !== "bank_transfer" && Number(amountDue) > 0 && config.paystack !== null;
        if (order!.customerEmail && !asksProvider) {
          await queueEmail(tx, piecesAddedEmail(config, order!, taken, added, paymentParagraph(config.store, { ...order!, ...money, rejectionReason: order!.rejectionReason }), releasedAt));
        }
        return { order: order!, amountDue, taken, added, holdExpiresAt: money.holdExpiresAt, releasedAt };
      }),
  );
  let opened: OpenedPayment | null = null;
  const method = after.order.paymentMethod;
  if (method !== "bank_transfer" && Number(after.amountDue) > 0 && config.paystack) {
    // Outside the transaction (no lock while Paystack answers), as at checkout: exactly the balance.
    opened = await openProviderPayment(
      prisma,
      config,
      { id: orderId, shortOrderId: reference, customerEmail: after.order.customerEmail ?? "", amountDue: after.amountDue, holdExpiresAt: after.holdExpiresAt },
      method as "paystack_transfer" | "paystack_card",
    );
    const paid = opened;
    await prisma.$transaction(async (tx) => {
      if (paid.kind === "unavailable") await fallBackToManualTransfer(tx, orderId, method as never, paid.paymentId);
      if (after.order.customerEmail) {
        const text = providerPaymentParagraph(paid, formatNaira(after.amountDue), config.publicUrl, reference);
        await queueEmail(tx, piecesAddedEmail(config, after.order, after.taken, after.added, text ?? `Please pay ${formatNaira(after.amountDue)} by bank transfer with ${reference} in the narration.`, after.releasedAt));
      }
    });
  }
  return { orderId, products: sorted.map((line) => line.productId), opened };
}

function piecesAddedEmail(
  config: Config,
  order: LockedForAdding,
  taken: { product: { name: string; price: Prisma.Decimal }; quantity: number }[],
  added: Prisma.Decimal,
  paymentText: string,
  releasedAt: Date | null,
) {
  const lines = taken.map(({ product, quantity }) => `- ${product.name} × ${quantity} @ ${formatNaira(product.price.toFixed(2))}`).join("\n");
  const release = releasedAt ? `\n\n${balanceReleaseSentence(releasedAt)}` : "";
  return {
    to: order.customerEmail!,
    subject: `Pieces added to order ${order.shortOrderId}`,
    body:
      `Hello ${order.customerName},\n\nWe added these pieces to your order ${order.shortOrderId}, with no extra delivery fee:\n\n${lines}\n\n` +
      `Added: ${formatNaira(added.toFixed(2))}\n\n${paymentText}${release}\n\n` +
      `Track your order: ${config.publicUrl}/track-order/${order.shortOrderId}\n\n${config.store.name} · ${config.store.phone}\n`,
  };
}

/** What happens to a paid order's additions when their balance is not paid in time. */
export function balanceReleaseSentence(holdExpiresAt: Date): string {
  return `If the balance is not paid by ${formatLagosTime(holdExpiresAt)}, the pieces added go back on sale and your order goes ahead without them.`;
}
