// Payments a provider confirms (decision 027): asked for when the order is placed, settled only on
// the provider's verified word (webhook, reconciliation or the card's return), exactly once.
//
// Settling locks the payment row, then the order row (FOR UPDATE, in one transaction), and changes
// each with a condition on the state it read: a second webhook, the reconciliation job on another
// instance or the admin's "Mark paid" (a conditional update of the order) all queue on those locks
// and find the work done. Row locks only: no session state, so it holds behind PgBouncer too.
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { Prisma, ProviderPayment } from "../../generated/prisma/client.ts";
import { logger } from "../../logger.ts";
import { queueEmail } from "../../mail/outbox.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { PAGE_ROUTES, payPagePath } from "../../../../common/routes.ts";
import { recordAudit, SYSTEM_ACTOR } from "../audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { readableCode } from "../orders/readable-codes.ts";
import { PAYSTACK_OFF, type PaymentMethodName } from "../../../../common/payment-methods.ts";
import { fromKobo, toKobo } from "../../../../common/kobo.ts";
import { queuePaymentConfirmed } from "../messages/order-messages.ts";
import { ownerPaymentFlaggedEmail, ownerPaymentLandedEmail, paymentConfirmedEmail, paymentReceivedEmail, type PaymentFlagName } from "./emails.ts";
import { orderBalance } from "../../../../common/money.ts";
import { recordMoneyIn } from "./money.ts";
import { UNPAID, assertTakesPayment } from "./rules.ts";
import { LOCKED_ORDER_COLUMNS, lockedOrderForEmail, lockedOrderMoney, type LockedOrderRow } from "./locked-order.ts";
import { paymentProvider } from "./providers/select.ts";
import { PaymentProviderError, type PaymentProvider, type TransferAccount, type VerifiedPayment } from "./providers/provider.ts";

type Tx = Prisma.TransactionClient;

/** The card's return page: Paystack sends the shopper back here with ?reference=…&trxref=…. */
export const CARD_RETURN_PATH = PAGE_ROUTES.paymentReturn[0];

export const PROVIDER_MESSAGES = {
  unreachable: "We could not reach our payment partner just now. Please try again in a minute, or pay by bank transfer.",
  unknownReference: "We could not find that payment. Please open your order from the link in your email.",
  notCard: "This order is not paid by card.",
} as const;

/** Ours, unique, and unguessable (80 random bits): the card's return page shows the order by it. */
export function newPaymentReference(shortOrderId: string): string {
  return `${shortOrderId}-${readableCode(16)}`;
}

export function requireProvider(config: Config): PaymentProvider {
  const provider = paymentProvider(config);
  if (!provider) throw new ValidationError(PAYSTACK_OFF, "paymentMethod");
  return provider;
}

export interface OrderToPay {
  id: string;
  shortOrderId: string;
  /** Null for a buyer who gave none (an order taken in a DM): the provider gets the shop's own. */
  customerEmail: string | null;
  /** What the provider is asked to take: the order's amountDue (its balance), never its total. */
  amountDue: string;
  holdExpiresAt: Date | null;
}

export type OpenedPayment =
  | { kind: "transfer"; reference: string; account: TransferAccount }
  | { kind: "checkout"; reference: string; authorizationUrl: string }
  | { kind: "unavailable"; paymentId: string };

/**
 * Asks the provider for a one-time account or a checkout page for an order just placed (outside the
 * order's transaction: no database lock is held while the provider answers). The row is written
 * first, so a payment the provider opened but whose answer was lost is still found by reference.
 * Opened from the public payment page (fromPaymentPage), the card returns to that page and the
 * payment's reference grants no access to the order.
 */
export async function openProviderPayment(
  prisma: Db,
  config: Config,
  order: OrderToPay,
  method: Exclude<PaymentMethodName, "bank_transfer">,
  options: { fromPaymentPage?: boolean } = {},
): Promise<OpenedPayment> {
  const fromPaymentPage = options.fromPaymentPage ?? false;
  const provider = requireProvider(config);
  const reference = newPaymentReference(order.shortOrderId);
  const amountKobo = toKobo(order.amountDue);
  const payment = await prisma.providerPayment.create({
    data: {
      orderId: order.id,
      provider: provider.name,
      reference,
      amountKobo,
      channel: method === "paystack_transfer" ? "bank_transfer" : "checkout",
      fromPaymentPage,
      // Nothing to verify before the shopper has had a moment to pay.
      nextCheckAt: new Date(Date.now() + (config.paystack?.reconcileIntervalMs ?? 60_000)),
    },
  });
  // The provider requires an email (its receipt goes there): the shop's own when the buyer gave none,
  // and for a payment opened from the public payment page, whose checkout anyone with the link may
  // open: Paystack's page shows the email, which that page masks (decision 035's addendum).
  const email = fromPaymentPage ? config.store.email : (order.customerEmail ?? config.store.email);
  const request = { reference, email, amountKobo, metadata: { order_id: order.id, short_order_id: order.shortOrderId } };
  try {
    if (method === "paystack_transfer") {
      const expiresAt = order.holdExpiresAt ?? new Date(Date.now() + config.holdHours * 3600_000);
      const account = await provider.openTransferAccount({ ...request, expiresAt });
      await prisma.providerPayment.update({
        where: { id: payment.id },
        data: { accountNumber: account.accountNumber, accountName: account.accountName, bankName: account.bankName, accountExpiresAt: account.expiresAt },
      });
      return { kind: "transfer", reference, account };
    }
    const callbackPath = fromPaymentPage ? payPagePath(order.shortOrderId) : CARD_RETURN_PATH;
    const checkout = await provider.openCheckout({ ...request, callbackUrl: `${config.publicUrl}${callbackPath}` });
    await prisma.providerPayment.update({ where: { id: payment.id }, data: { checkoutUrl: checkout.authorizationUrl } });
    return { kind: "checkout", reference, authorizationUrl: checkout.authorizationUrl };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.warn(`Payment provider unavailable for order ${order.shortOrderId}; it falls back to the manual transfer`, error.message);
    return { kind: "unavailable", paymentId: payment.id };
  }
}

/** The order falls back to the manual transfer (its provider payment could not be opened). */
export async function fallBackToManualTransfer(tx: Tx, orderId: string, method: PaymentMethodName, paymentId: string): Promise<void> {
  // Failed, not deleted: if the provider did open it after all, a webhook for it still settles.
  await tx.providerPayment.updateMany({ where: { id: paymentId, status: "pending" }, data: { status: "failed" } });
  await tx.order.updateMany({ where: { id: orderId, paymentMethod: method as never }, data: { paymentMethod: "bank_transfer" } });
  await recordAudit(tx, {
    actor: SYSTEM_ACTOR,
    action: "payment.provider_unavailable",
    entityType: "order",
    entityId: orderId,
    orderId,
    before: { paymentMethod: method },
    after: { paymentMethod: "bank_transfer" },
    reason: "The payment provider could not be reached when the order was placed",
  });
}

export type Settlement = "paid" | "already_settled" | "not_paid" | PaymentFlagName;

async function lockPayment(tx: Tx, provider: string, reference: string): Promise<ProviderPayment | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM payments WHERE provider = ${provider} AND reference = ${reference} FOR UPDATE`;
  return rows[0] ? tx.providerPayment.findUnique({ where: { id: rows[0].id } }) : null;
}

async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrderRow | null> {
  const rows = await tx.$queryRaw<LockedOrderRow[]>`
    SELECT ${LOCKED_ORDER_COLUMNS} FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  return rows[0] ?? null;
}

/**
 * Gives value for a payment the provider verified as successful, once. Anything that does not match
 * (amount, a closed or already paid order, an unknown reference) is recorded with a flag and the
 * owner is emailed at once; only an exact or larger amount on an open order marks it paid.
 */
export async function settleVerifiedPayment(prisma: Db, config: Config, providerName: string, verified: VerifiedPayment, now = new Date()): Promise<Settlement> {
  if (verified.status !== "success") return "not_paid";
  if (verified.currency !== "NGN") {
    logger.warn(`Payment ${verified.reference} was verified in ${verified.currency}, not NGN; left for the owner`);
    return "not_paid";
  }
  const paidAt = verified.paidAt ?? now;
  const paid = fromKobo(verified.amountKobo);
  const ownerEmail = config.store.email;
  return prisma.$transaction(async (tx): Promise<Settlement> => {
    const payment = await lockPayment(tx, providerName, verified.reference);
    const channel = verified.channel ?? payment?.channel ?? "unknown";
    const facts = { provider: providerName, reference: verified.reference, channel, paidKobo: verified.amountKobo, paidAt };
    if (!payment) {
      // Money we cannot place: recorded once (unique provider + reference) and shown to the owner.
      const { count } = await tx.providerPayment.createMany({
        data: [{ provider: providerName, reference: verified.reference, amountKobo: verified.amountKobo, paidKobo: verified.amountKobo, channel, status: "succeeded", flag: "unmatched", paidAt }],
        skipDuplicates: true,
      });
      if (count) {
        await recordAudit(tx, { actor: SYSTEM_ACTOR, action: "payment.flagged", entityType: "payment", entityId: verified.reference, after: { ...facts, paidAt: paidAt.toISOString(), flag: "unmatched" } });
        await queueEmail(tx, ownerPaymentFlaggedEmail(config.publicUrl, ownerEmail, null, facts, "unmatched", paid, paid));
      }
      return count ? "unmatched" : "already_settled";
    }
    if (payment.status === "succeeded") return "already_settled";
    const order = payment.orderId ? await lockOrder(tx, payment.orderId) : null;
    // Short and over are against the balance (amountDue), not the total: a second payment that
    // brings in the rest of a short one settles the order exactly.
    const due = order ? toKobo(orderBalance(lockedOrderMoney(order)).amountDue) : payment.amountKobo;
    // Paid already: twice for the same money, or late for a balance whose pieces were released
    // after this payment was opened (holds.service.ts; only its audit entry remembers it).
    const released =
      order?.payment_status === "paid" &&
      (await tx.auditEntry.count({ where: { orderId: order.id, action: "order.additions_released", createdAt: { gt: payment.createdAt } } })) > 0;
    const flag: PaymentFlagName | null = !order
      ? "unmatched"
      : order.payment_status === "paid"
        ? released
          ? "late"
          : "duplicate"
        : order.status === "cancelled" || order.payment_status === "expired"
          ? "late"
          : verified.amountKobo < due
            ? "short"
            : verified.amountKobo > due
              ? "over"
              : null;
    const { count } = await tx.providerPayment.updateMany({
      where: { id: payment.id, status: { not: "succeeded" } },
      data: { status: "succeeded", paidKobo: verified.amountKobo, channel, paidAt, flag },
    });
    if (count !== 1) return "already_settled";
    // Whatever the flag, money that reached an order of ours counts towards it (decision 034).
    const money = order ? await recordMoneyIn(tx, { orderId: order.id, amount: paid, paidAt, reference: verified.reference }) : null;
    const orderForEmail = order && lockedOrderForEmail(order);
    if (money?.becamePaid && order && orderForEmail) {
      await recordAudit(tx, {
        actor: { id: null, label: providerName },
        action: "payment.paid_by_provider",
        entityType: "payment",
        entityId: payment.id,
        orderId: order.id,
        before: { status: order.status, paymentStatus: order.payment_status, amountPaid: order.amount_paid },
        after: { status: money.status, paymentStatus: "paid", provider: providerName, reference: verified.reference, paid, channel, total: order.total, amountPaid: money.amountPaid.toFixed(2), ...(flag ? { flag } : {}) },
      });
      await queueEmail(tx, paymentConfirmedEmail(config.publicUrl, orderForEmail, money));
      await queuePaymentConfirmed(tx, config, order.id);
      await queueEmail(tx, ownerPaymentLandedEmail(config.publicUrl, ownerEmail, orderForEmail, facts, paid));
    } else if (money && orderForEmail) {
      // Part of the money, or money the order no longer asks for: the shopper hears it too.
      await queueEmail(tx, paymentReceivedEmail(config.publicUrl, config.store, orderForEmail, money, paid));
    }
    if (flag) {
      const difference = fromKobo(Math.abs(verified.amountKobo - (flag === "short" || flag === "over" ? due : 0)));
      if (!money?.becamePaid) {
        await recordAudit(tx, {
          actor: { id: null, label: providerName },
          action: "payment.flagged",
          entityType: "payment",
          entityId: payment.id,
          orderId: order?.id ?? null,
          after: { provider: providerName, reference: verified.reference, paid, channel, flag, difference, ...(money ? { amountPaid: money.amountPaid.toFixed(2) } : {}) },
        });
      }
      await queueEmail(tx, ownerPaymentFlaggedEmail(config.publicUrl, ownerEmail, orderForEmail, facts, flag, paid, difference));
    }
    return flag ?? "paid";
  });
}

/** A payment a webhook reopened is left this long to the webhook's own check before reconciliation's. */
const WEBHOOK_CHECK_FIRST_MS = 60_000;

/**
 * A signed webhook says this payment succeeded. One we had closed (abandoned or declined when its
 * shopper came back, or its order closed) is made pending again, so that reconciliation settles it
 * should the webhook's own check fail: a closed payment is never checked again, and the webhook is
 * acknowledged before that check, so Paystack would not send it again. One still pending gets a new
 * next check too: a verdict reconciliation fetched before the payment, and acts on after this, then
 * finds the payment no longer as it claimed it and leaves it open. Runs before the webhook is
 * acknowledged: a database that cannot record it gets no 200, and Paystack retries.
 */
export async function reopenForCheck(prisma: Db, providerName: string, reference: string, now = new Date()): Promise<void> {
  await prisma.providerPayment.updateMany({
    where: { provider: providerName, reference, status: { in: ["failed", "pending"] } },
    data: { status: "pending", failureReason: null, nextCheckAt: new Date(now.getTime() + WEBHOOK_CHECK_FIRST_MS) },
  });
}

/** Asks the provider about one reference and settles it when the money arrived. */
export async function verifyAndSettle(prisma: Db, config: Config, provider: PaymentProvider, reference: string): Promise<{ settlement: Settlement; verified: VerifiedPayment | null }> {
  const verified = await provider.verify(reference);
  if (!verified) return { settlement: "not_paid", verified };
  return { settlement: await settleVerifiedPayment(prisma, config, provider.name, verified), verified };
}

/** Reconciliation: payments checked per claim; each instance claims its own. */
const RECONCILE_BATCH = 25;

/**
 * Verifies pending payments whose check is due. Each is claimed by pushing its next check one
 * interval on, in one statement over rows locked with SKIP LOCKED: two instances never verify the
 * same payment in the same interval, and settling is idempotent if they ever did.
 */
export async function reconcilePendingPayments(prisma: Db, config: Config, provider: PaymentProvider, now = new Date()): Promise<{ checked: number; settled: number }> {
  const intervalMs = config.paystack?.reconcileIntervalMs ?? 60_000;
  const next = new Date(now.getTime() + intervalMs);
  const claimed = await prisma.$queryRaw<{ reference: string; order_id: string | null; created_at: Date }[]>`
    UPDATE payments SET next_check_at = ${next}
    WHERE id IN (
      SELECT id FROM payments
      WHERE provider = ${provider.name} AND status = 'pending' AND next_check_at <= ${now}
      ORDER BY next_check_at LIMIT ${RECONCILE_BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING reference, order_id::text AS order_id, created_at`;
  let settled = 0;
  for (const { reference, order_id, created_at } of claimed) {
    try {
      const { settlement, verified } = await verifyAndSettle(prisma, config, provider, reference);
      if (settlement !== "not_paid") settled++;
      // A checkout is "abandoned" from the moment it opens until the shopper pays: only an old one has given up.
      // Both close it only if nothing touched it since this claim (its next check is still ours): a
      // webhook that came meanwhile has news this verdict predates (reopenForCheck).
      else if (verified && endedUnpaid(verified, now.getTime() - created_at.getTime() > ABANDONED_AFTER_MS)) await markPaymentFailed(prisma, verified, next);
      else await closeIfOrderClosed(prisma, reference, order_id, next);
    } catch (error) {
      // The next interval tries again; one provider hiccup does not stop the batch.
      logger.warn(`Could not reconcile payment ${reference}`, error instanceof Error ? error.message : String(error));
    }
  }
  return { checked: claimed.length, settled };
}

/** Reconciliation gives an unpaid checkout this long before taking Paystack's "abandoned" as final. */
const ABANDONED_AFTER_MS = 30 * 60_000;

/** The provider's verdict says this attempt will never pay: declined or reversed, or (once the shopper
 *  is back, or long after it opened) abandoned. */
function endedUnpaid(verified: VerifiedPayment, givenUp: boolean): boolean {
  return verified.status === "failed" || verified.status === "reversed" || (verified.status === "abandoned" && givenUp);
}

/** Stops checking a payment the provider says will not pay, keeping its words for the owner. A late
 *  webhook still settles it (settling takes any payment not yet succeeded). `claimedUntil`: only if
 *  its next check is still the one it had when the verdict was asked for; a webhook that came
 *  meanwhile moved it (reopenForCheck), and its news is newer than the verdict. */
async function markPaymentFailed(prisma: Db, verified: VerifiedPayment, claimedUntil: Date): Promise<void> {
  const failureReason = verified.gatewayResponse ? `${verified.status} · ${verified.gatewayResponse}` : verified.status;
  await prisma.providerPayment.updateMany({
    where: { reference: verified.reference, status: "pending", nextCheckAt: claimedUntil },
    data: { status: "failed", failureReason },
  });
}

/** A payment whose order no longer waits for it stops being checked (a late webhook still settles it). */
async function closeIfOrderClosed(prisma: Db, reference: string, orderId: string | null, claimedUntil: Date): Promise<void> {
  const open = orderId ? await prisma.order.count({ where: { id: orderId, paymentStatus: { in: UNPAID }, status: { not: "cancelled" } } }) : 0;
  if (!open) await prisma.providerPayment.updateMany({ where: { reference, status: "pending", nextCheckAt: claimedUntil }, data: { status: "failed" } });
}

export type CardOutcome = "paid" | "pending" | "failed" | PaymentFlagName;

/** The card's return: the provider's verdict on the reference, settled if paid. `grantsAccess`: the
 *  reference came back to the payer's browser and may open the order, unless the payment was opened
 *  from the public payment page (whose link anyone in the chat may hold). */
export async function confirmCardPayment(
  prisma: Db,
  config: Config,
  reference: string,
): Promise<{ orderId: string; grantsAccess: boolean; outcome: CardOutcome; message: string | null }> {
  const provider = requireProvider(config);
  const payment = await findPayment(prisma, provider.name, reference);
  let verified: VerifiedPayment | null;
  try {
    verified = (await verifyAndSettle(prisma, config, provider, payment.reference)).verified;
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new ValidationError(PROVIDER_MESSAGES.unreachable);
    throw error;
  }
  const about = { orderId: payment.orderId, grantsAccess: !payment.fromPaymentPage };
  const [current, order] = await Promise.all([
    prisma.providerPayment.findUniqueOrThrow({ where: { id: payment.id } }),
    prisma.order.findUniqueOrThrow({ where: { id: payment.orderId! }, select: { paymentStatus: true } }),
  ]);
  if (current.flag) return { ...about, outcome: current.flag, message: null };
  if (order.paymentStatus === "paid") return { ...about, outcome: "paid", message: null };
  const status = verified?.status ?? "abandoned";
  // The shopper is back: whatever did not pay, and will not, is closed with the provider's reason.
  if (verified && endedUnpaid(verified, true)) await markPaymentFailed(prisma, verified, payment.nextCheckAt);
  if (status === "ongoing" || status === "pending" || status === "processing" || status === "queued") return { ...about, outcome: "pending", message: null };
  return { ...about, outcome: "failed", message: CARD_FAILURES[status] ?? CARD_FAILURES.failed! };
}

const CARD_FAILURES: Record<string, string> = {
  failed: "The payment did not go through. Your card or bank declined it; nothing was taken.",
  abandoned: "The payment was not completed. Nothing was taken.",
  reversed: "The payment was reversed by the bank.",
  // Verified as paid but not counted (a currency other than naira): never "nothing was taken".
  success: "Paystack took this payment, but we could not count it automatically. Please do not pay again: we will check it and contact you.",
};

/** Another go at the hosted checkout for the same order (a new reference; the old one stays on record). */
export async function retryCardPayment(prisma: Db, config: Config, reference: string): Promise<{ orderId: string; authorizationUrl: string }> {
  const provider = requireProvider(config);
  const payment = await findPayment(prisma, provider.name, reference);
  const order = await prisma.order.findUniqueOrThrow({ where: { id: payment.orderId! } });
  assertTakesPayment(order, new Date());
  const opened = await openProviderPayment(prisma, config, { ...order, amountDue: orderBalance(order).amountDue }, "paystack_card", { fromPaymentPage: payment.fromPaymentPage });
  if (opened.kind !== "checkout") throw new ValidationError(PROVIDER_MESSAGES.unreachable);
  return { orderId: order.id, authorizationUrl: opened.authorizationUrl };
}

async function findPayment(prisma: Db, provider: string, reference: string): Promise<ProviderPayment & { orderId: string }> {
  const payment = reference.length <= 100 ? await prisma.providerPayment.findUnique({ where: { provider_reference: { provider, reference } } }) : null;
  if (!payment?.orderId) throw new NotFoundError(PROVIDER_MESSAGES.unknownReference);
  return payment as ProviderPayment & { orderId: string };
}

/** The confirmation email's payment paragraph for a provider payment. */
export function providerPaymentParagraph(opened: OpenedPayment, total: string, publicUrl: string, shortOrderId: string): string | null {
  if (opened.kind === "transfer") {
    const { account } = opened;
    return (
      `Please transfer exactly ${total} to ${account.accountName}, ${account.bankName}, account ${account.accountNumber}. ` +
      `This account is for this order only and confirms your payment automatically; it expires at ${formatLagosTime(account.expiresAt)}.`
    );
  }
  if (opened.kind === "checkout") return `Pay ${total} by card, USSD or bank app here: ${opened.authorizationUrl}\n(or from your order page: ${publicUrl}/track-order/${shortOrderId})`;
  return null;
}

