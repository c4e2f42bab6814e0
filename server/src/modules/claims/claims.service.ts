// Claims after the sale and the refunds that settle them (decision 038). A shopper opens a claim
// for CLAIM_HOURS after delivery (a parcel that never came: from NOT_RECEIVED_AFTER_DAYS after
// shipping); staff and admins decide it: refund, exchange or decline. A refund goes out through the
// money model (payments/money.ts), whose conditional decrement keeps every refund within what was
// paid, less earlier refunds, even when two race; a Paystack refund is asked of Paystack after its
// row commits and settled by its webhook and a fetch (settleRefundsOf), or, when the webhook is
// lost, by the reconcile job (reconcilePendingRefunds).
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import type { Config } from "../../config.ts";
import type { Viewer } from "../../auth/viewer.ts";
import {
  recordAudit,
  SYSTEM_ACTOR,
  type Actor,
} from "../audit/audit.service.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { receiptIsFor, receiptLinkKey } from "../payments/receipt-links.ts";
import {
  findOrderByReferenceAndPhone,
  LOOKUP_NOT_FOUND,
  orderStatusHistory,
} from "../payments/lookup.service.ts";
import { normaliseReference } from "../orders/readable-codes.ts";
import {
  limitGuestProof,
  ownsOrder,
  placedByViewer,
  type OwnershipProof,
} from "../orders/ownership.ts";
import { recordMoneyIn, recordMoneyOut } from "../payments/money.ts";
import { holdsStock, lockOrder, returnStock } from "../orders/order-status.service.ts";
import { receiptPathOf } from "../../storage/receipt-files.ts";
import { queueEmail } from "../../mail/outbox.ts";
import type { PaymentProvider, ProviderRefund } from "../payments/providers/provider.ts";
import { PaymentProviderError, refundNote } from "../payments/providers/provider.ts";
import { parseNaira } from "../../../../common/product-validation.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { isUuid } from "../../../../common/uuid.ts";
import {
  MAX_CLAIM_MESSAGE,
  MAX_CLAIM_PHOTOS,
  CLAIM_INPUT_MESSAGES,
  type ClaimReasonName,
} from "../../../../common/claims.ts";
import { logger } from "../../logger.ts";
import { claimDecidedEmail, ownerRefundFailedEmail, refundFailedEmail } from "./claim-emails.ts";
import { queueClaimDecided } from "../messages/order-messages.ts";

export const CLAIM_DECISIONS = ["refund", "exchange", "decline"] as const;
export type ClaimDecisionName = (typeof CLAIM_DECISIONS)[number];

/** A parcel is "not received" only once it has had this long on the road. */
export const NOT_RECEIVED_AFTER_DAYS = 5;

export const CLAIM_MESSAGES = {
  ...CLAIM_INPUT_MESSAGES,
  photo: "Please upload the photos with the claim form first",
  notDelivered: "A claim can be opened once the order has been delivered",
  window: (hours: number) =>
    `Claims can be opened within ${hours} hours of delivery`,
  notReceivedTooSoon: `A parcel that has not arrived can be claimed from ${NOT_RECEIVED_AFTER_DAYS} days after it was shipped`,
  alreadyOpen: "This order already has an open claim",
  closed: "This claim has already been decided",
  declineReason: "Please give the shopper a reason",
  amount: "Enter the refund amount in naira, e.g. 12,500",
  staffLimit: (limit: number, refunded = "0.00") =>
    limit <= 0
      ? "Refunds need the owner"
      : Number(refunded) > 0
        ? `Refunds above ${formatNaira(String(limit))} on one order need the owner (${formatNaira(refunded)} refunded already)`
        : `Refunds above ${formatNaira(String(limit))} need the owner`,
  bankReference: "Enter the bank reference of the transfer you sent back",
  restocked: "These pieces are already back on sale",
  restockUndecided: "Only the pieces of an accepted or refunded claim can go back on sale",
  provider:
    "Paystack did not take the refund; nothing was refunded. Please try again or refund by transfer",
} as const;

export interface OpenClaimInput {
  reference: string;
  phone?: string | null;
  reason: ClaimReasonName;
  message: string;
  photoUrls?: readonly string[] | null;
}

const HOUR = 3600_000;

/** The order the requester owns: by account, or (guests, other devices) by reference + phone. */
async function ownedOrder(
  prisma: Db,
  viewer: Viewer | null,
  ip: string,
  reference: string,
  phone: string | null | undefined,
) {
  if (phone)
    return findOrderByReferenceAndPhone(prisma, { reference, phone }, ip);
  const order = viewer
    ? await prisma.order.findUnique({
        where: { shortOrderId: normaliseReference(reference) },
      })
    : null;
  // Never tells a stranger whether the reference exists.
  if (!order || !placedByViewer(order, viewer))
    throw new NotFoundError(LOOKUP_NOT_FOUND);
  return order;
}

/** The order a claim's photos are for, when the sender owns it (the upload route, purpose=claim). */
export async function orderForClaimUpload(
  prisma: Db,
  reference: string,
  proof: OwnershipProof,
) {
  const order = await prisma.order.findUnique({
    where: { shortOrderId: normaliseReference(reference) },
    select: {
      id: true,
      shortOrderId: true,
      userId: true,
      customerPhone: true,
      guestTokenHash: true,
    },
  });
  // A phone proof counts against the reference's guest-lookup limit, as everywhere else: the upload
  // must not be a way to guess the buyer's phone.
  if (proof.phone && order && !placedByViewer(order, proof.viewer))
    await limitGuestProof(prisma, proof.ip, order.shortOrderId);
  if (!order || !ownsOrder(order, proof))
    throw new NotFoundError(LOOKUP_NOT_FOUND);
  return order;
}

/** The last time the order entered a status, from its audited history. */
function enteredAt(
  history: { status: string; at: Date }[],
  status: string,
): Date | null {
  const steps = history.filter((step) => step.status === status);
  return steps.length ? steps[steps.length - 1]!.at : null;
}

/**
 * When the order's owner may claim: until CLAIM_HOURS after delivery (`until`), and for a parcel
 * still shipped, from NOT_RECEIVED_AFTER_DAYS after shipping (`notReceivedFrom`). The one rule
 * openClaim enforces and Order.claimReasons / Order.claimableUntil show.
 */
export interface ClaimWindow {
  until: Date | null;
  notReceivedFrom: Date | null;
}

export function claimWindow(
  status: string,
  history: { status: string; at: Date }[],
  claimHours: number,
): ClaimWindow {
  const delivered =
    status === "delivered" ? enteredAt(history, "delivered") : null;
  const shipped = status === "shipped" ? enteredAt(history, "shipped") : null;
  return {
    until: delivered && new Date(delivered.getTime() + claimHours * HOUR),
    notReceivedFrom:
      shipped &&
      new Date(shipped.getTime() + NOT_RECEIVED_AFTER_DAYS * 24 * HOUR),
  };
}

/** The reasons a claim may be opened for at `now` (none outside the window). */
export function claimableReasons(
  window: ClaimWindow,
  now: Date,
): ClaimReasonName[] {
  if (window.until && now.getTime() <= window.until.getTime())
    return ["wrong_item", "undisclosed_flaw", "other"];
  if (window.notReceivedFrom && now.getTime() >= window.notReceivedFrom.getTime())
    return ["not_received"];
  return [];
}

/** The order's claim window from its audited history (no query unless shipped or delivered). */
export async function orderClaimWindow(
  prisma: Db,
  config: Config,
  order: { shortOrderId: string; status: string },
): Promise<ClaimWindow> {
  if (order.status !== "delivered" && order.status !== "shipped")
    return { until: null, notReceivedFrom: null };
  const history = (await orderStatusHistory(prisma, order.shortOrderId)) ?? [];
  return claimWindow(order.status, history, config.claimHours);
}

export async function openClaim(
  prisma: Db,
  config: Config,
  viewer: Viewer | null,
  ip: string,
  input: OpenClaimInput,
  now = new Date(),
) {
  const message = input.message.trim();
  invariant(message.length > 0, CLAIM_MESSAGES.message, "message");
  invariant(
    message.length <= MAX_CLAIM_MESSAGE,
    CLAIM_MESSAGES.messageTooLong,
    "message",
  );
  const photos = (input.photoUrls ?? []).map((url) => url.trim());
  invariant(
    photos.length <= MAX_CLAIM_PHOTOS,
    CLAIM_MESSAGES.tooManyPhotos,
    "photoUrls",
  );
  // Only files our upload route stored, privately, with purpose=claim (http/uploads.ts).
  invariant(
    photos.every(
      (url) =>
        receiptPathOf(url) !== null && /\.(jpg|jpeg|png|webp|gif)$/.test(url),
    ),
    CLAIM_MESSAGES.photo,
    "photoUrls",
  );

  const order = await ownedOrder(
    prisma,
    viewer,
    ip,
    input.reference,
    input.phone,
  );
  // Only photos uploaded for this very order (their names say which): not another shopper's files.
  const key = await receiptLinkKey(prisma, config.receiptLinkSecret);
  invariant(photos.every((url) => receiptIsFor(key, url, order.id)), CLAIM_MESSAGES.photo, "photoUrls");
  const window = await orderClaimWindow(prisma, config, order);
  if (input.reason === "not_received") {
    if (!window.notReceivedFrom)
      throw new ValidationError(
        order.status === "delivered"
          ? CLAIM_MESSAGES.notDelivered
          : CLAIM_MESSAGES.notReceivedTooSoon,
        "reason",
      );
    if (now.getTime() < window.notReceivedFrom.getTime())
      throw new ValidationError(CLAIM_MESSAGES.notReceivedTooSoon, "reason");
  } else {
    if (!window.until)
      throw new ValidationError(CLAIM_MESSAGES.notDelivered, "reference");
    if (now.getTime() > window.until.getTime())
      throw new ValidationError(
        CLAIM_MESSAGES.window(config.claimHours),
        "reference",
      );
  }

  return prisma.$transaction(async (tx) => {
    // The order's row lock: two claims sent at once are checked one after the other.
    await tx.$queryRaw`SELECT id FROM orders WHERE id = ${order.id}::uuid FOR UPDATE`;
    if (
      await tx.claim.findFirst({
        where: { orderId: order.id, status: "open" },
        select: { id: true },
      })
    )
      throw new ValidationError(CLAIM_MESSAGES.alreadyOpen, "reference");
    const claim = await tx.claim.create({
      data: {
        orderId: order.id,
        reason: input.reason,
        message,
        photoUrls: photos,
        createdAt: now,
      },
    });
    await recordAudit(tx, {
      actor: viewer
        ? { id: viewer.userId, label: viewer.email }
        : { id: null, label: "guest" },
      action: "claim.opened",
      entityType: "order",
      entityId: order.id,
      orderId: order.id,
      after: { claimId: claim.id, reason: input.reason, photos: photos.length },
    });
    return claim;
  });
}

/** Open claims first, then the newest; the last 200. */
export function listClaims<Q extends object>(prisma: Db, query: Q) {
  return prisma.claim.findMany({
    ...query,
    orderBy: [{ status: "asc" }, { createdAt: "desc" }, { id: "asc" }],
    take: 200,
  });
}

export interface DecideClaimInput {
  claimId: string;
  decision: ClaimDecisionName;
  amount?: string | null;
  reason?: string | null;
  /** Transfer refunds: the bank reference of the money sent back. */
  bankReference?: string | null;
}

export interface Decider {
  actor: Actor;
  role: Viewer["role"];
}

/**
 * The Paystack transaction a refund of this order goes back through, or null (a bank transfer).
 * Paystack refunds at most what one transaction brought, less what was refunded from it; an order
 * paid in parts (a short payment and its balance, or a payment and a transfer the owner marked) may
 * hold more than any one of its transactions. Only a transaction that can take back all the order
 * still holds is used, so the method never depends on the amount the admin types.
 */
async function paystackTransaction(
  tx: Prisma.TransactionClient | Db,
  orderId: string,
): Promise<string | null> {
  const [paid] = await tx.$queryRaw<{ reference: string }[]>`
    SELECT p.reference FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.order_id = ${orderId}::uuid AND p.provider = 'paystack' AND p.status = 'succeeded'
      AND p.paid_kobo - COALESCE((SELECT SUM(r.amount * 100) FROM refunds r WHERE r.transaction_ref = p.reference AND r.status <> 'failed'), 0)
        >= o.amount_paid * 100
    ORDER BY p.paid_at DESC
    LIMIT 1`;
  return paid?.reference ?? null;
}

/** How a refund of this order goes out: through Paystack when one Paystack payment can take it all
 *  back (and Paystack is set up), else by the owner's own transfer, recorded with its bank reference (decideClaim). */
export async function refundMethodOf(
  prisma: Db,
  orderId: string,
  provider: PaymentProvider | null,
): Promise<"paystack" | "transfer"> {
  return provider && (await paystackTransaction(prisma, orderId))
    ? "paystack"
    : "transfer";
}

/** The decision's email and, for an opted-in order, its WhatsApp or SMS message (decision 036), in
 *  the caller's transaction. */
async function tellShopper(
  tx: Prisma.TransactionClient,
  config: Config,
  order: Parameters<typeof claimDecidedEmail>[1] & Parameters<typeof queueClaimDecided>[2],
  decision: ClaimDecisionName,
  amount: string | null,
  reason: string | null,
) {
  await queueEmail(tx, claimDecidedEmail(config.publicUrl, order, { decision, amount, reason }));
  await queueClaimDecided(tx, config, order, { decision, amount });
}

export async function decideClaim(
  prisma: Db,
  config: Config,
  provider: PaymentProvider | null,
  decider: Decider,
  input: DecideClaimInput,
) {
  invariant(isUuid(input.claimId), "Claim not found", "claimId");
  const reason = input.reason?.trim() || null;
  let amount: string | null = null;
  if (input.decision === "refund") {
    const parsed = parseNaira(input.amount ?? "");
    invariant(
      parsed.ok && Number(parsed.amount) > 0,
      CLAIM_MESSAGES.amount,
      "amount",
    );
    amount = parsed.amount;
  }
  if (input.decision === "decline")
    invariant(reason !== null, CLAIM_MESSAGES.declineReason, "reason");

  const outcome = await prisma.$transaction(async (tx) => {
    // The claim's row lock: one decision at a time (two staff on one claim).
    const [locked] = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM claims WHERE id = ${input.claimId}::uuid FOR UPDATE`;
    if (!locked) throw new NotFoundError("Claim not found");
    const claim = await tx.claim.findUniqueOrThrow({
      where: { id: input.claimId },
      include: { order: true },
    });
    if (claim.status !== "open")
      throw new ValidationError(CLAIM_MESSAGES.closed, "claimId");
    let refund: {
      id: string;
      method: string;
      transactionRef: string | null;
    } | null = null;
    if (amount && decider.role !== "admin") {
      // The limit is on the order, not on one decision: claim after claim could otherwise send an
      // order's whole payment back without the owner. Refunds that failed sent nothing.
      const earlier = await tx.refund.aggregate({ where: { orderId: claim.orderId, status: { not: "failed" } }, _sum: { amount: true } });
      const refunded = earlier._sum.amount ?? new Prisma.Decimal(0);
      if (refunded.add(amount).gt(config.staffRefundLimit))
        throw new ValidationError(CLAIM_MESSAGES.staffLimit(config.staffRefundLimit, refunded.toFixed(2)), "amount");
    }
    if (amount) {
      const transaction = await paystackTransaction(tx, claim.orderId);
      const method = transaction && provider ? "paystack" : "transfer";
      const bankReference = input.bankReference?.trim() || null;
      if (method === "transfer")
        invariant(
          bankReference !== null,
          CLAIM_MESSAGES.bankReference,
          "bankReference",
        );
      // Refused (changing nothing) when more than what was paid, less earlier refunds.
      await recordMoneyOut(tx, { orderId: claim.orderId, amount });
      refund = await tx.refund.create({
        data: {
          claimId: claim.id,
          orderId: claim.orderId,
          amount,
          method,
          status: method === "transfer" ? "processed" : "pending",
          transactionRef: method === "paystack" ? transaction : null,
          bankReference: method === "transfer" ? bankReference : null,
          settledAt: method === "transfer" ? new Date() : null,
        },
        select: { id: true, method: true, transactionRef: true },
      });
    }
    const status =
      input.decision === "refund"
        ? "refunded"
        : input.decision === "exchange"
          ? "accepted"
          : "declined";
    const decided = await tx.claim.update({
      where: { id: claim.id },
      data: { status, decisionReason: reason, decidedAt: new Date() },
    });
    await recordAudit(tx, {
      actor: decider.actor,
      action: `claim.${input.decision}`,
      entityType: "order",
      entityId: claim.orderId,
      orderId: claim.orderId,
      before: { claimId: claim.id, status: claim.status },
      after: {
        claimId: claim.id,
        status,
        ...(amount ? { refund: amount, method: refund!.method } : {}),
      },
      reason,
    });
    // A Paystack refund is told once Paystack has taken it (below): one it refuses reopens the claim.
    if (refund?.method !== "paystack") await tellShopper(tx, config, claim.order, input.decision, amount, reason);
    return { claim: decided, refund, order: claim.order };
  });

  if (outcome.refund?.method === "paystack" && provider) {
    const refundId = outcome.refund.id;
    try {
      const asked = await provider.refund(refundRequestOf(refundId, outcome.refund.transactionRef!, amount!));
      await keepProviderRefund(prisma, config, refundId, asked);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (error.outcomeUnknown) {
        // Paystack may have taken it: the refund stays pending (the money stays out, the claim
        // refunded) until the reconcile job finds it at Paystack by its note, or finds it never came.
        logger.warn(`Paystack refund ${refundId} for claim ${input.claimId} has no answer (${error.message}); it stays pending until reconciled`);
      } else {
        logger.warn(`Paystack refund for claim ${input.claimId} refused: ${error.message}`);
        await settleRefund(prisma, refundId, "failed");
        throw new ValidationError(CLAIM_MESSAGES.provider, "amount");
      }
    }
  }
  return prisma.claim.findUniqueOrThrow({ where: { id: outcome.claim.id } });
}

/** What the provider is asked: our refund's id goes with it as its note. */
function refundRequestOf(refundId: string, transaction: string, amount: string) {
  return { transaction, amountKobo: Math.round(Number(amount) * 100), note: refundNote(refundId) };
}

/**
 * The provider took the refund: its id is kept and the shopper told (not for one it failed at once),
 * then a final status settles it. Only the first caller keeps it, so the decision and the reconcile
 * job may both find the same refund.
 */
async function keepProviderRefund(prisma: Db, config: Config, refundId: string, taken: ProviderRefund) {
  const kept = await prisma.$transaction(async (tx) => {
    const { count } = await tx.refund.updateMany({
      where: { id: refundId, providerRefundId: null },
      data: { providerRefundId: taken.id },
    });
    if (count !== 1) return false;
    if (taken.status !== "failed") {
      const refund = await tx.refund.findUniqueOrThrow({
        where: { id: refundId },
        include: { claim: { include: { order: true } } },
      });
      await tellShopper(tx, config, refund.claim.order, "refund", refund.amount.toFixed(2), refund.claim.decisionReason);
    }
    return true;
  });
  if (kept && (taken.status === "processed" || taken.status === "failed"))
    await settleRefund(prisma, refundId, taken.status);
}

/**
 * A pending refund's outcome. processed: done. failed: the money counts as paid again and the
 * claim is open again, so the owner can decide anew (e.g. refund by transfer). Runs once per refund:
 * only the call that moves it from pending settles it (true), so a webhook, the reconcile job and
 * other instances may race.
 */
export async function settleRefund(
  prisma: Db,
  refundId: string,
  status: "processed" | "failed",
  /** Set when the shopper was told the refund is on its way (the provider took it): a failure is told too. */
  toldBy: Config | null = null,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.refund.updateMany({
      where: { id: refundId, status: "pending" },
      data: { status, settledAt: new Date() },
    });
    if (count !== 1) return false;
    const refund = await tx.refund.findUniqueOrThrow({
      where: { id: refundId },
    });
    if (status === "failed") {
      await recordMoneyIn(tx, {
        orderId: refund.orderId,
        amount: refund.amount,
        paidAt: new Date(),
        reference: null,
      });
      await tx.claim.update({
        where: { id: refund.claimId },
        data: { status: "open", decidedAt: null },
      });
      if (toldBy) {
        const order = await tx.order.findUniqueOrThrow({ where: { id: refund.orderId } });
        await queueEmail(tx, refundFailedEmail(toldBy.publicUrl, order, refund.amount.toFixed(2)));
        await queueEmail(tx, ownerRefundFailedEmail(toldBy.publicUrl, toldBy.store.email, order, refund.amount.toFixed(2)));
      }
    }
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: `refund.${status}`,
      entityType: "payment",
      entityId: refund.id,
      orderId: refund.orderId,
      after: {
        claimId: refund.claimId,
        amount: refund.amount.toFixed(2),
        method: refund.method,
      },
    });
    return true;
  });
}

/** Settles a pending refund by the provider's own answer (GET /refund/:id); false while the
 *  provider still has it pending, or when another caller settled it first. */
async function settleByProvider(
  prisma: Db,
  config: Config,
  provider: PaymentProvider,
  refundId: string,
  providerRefundId: string,
): Promise<boolean> {
  const fetched = await provider.fetchRefund(providerRefundId);
  if (fetched.status !== "processed" && fetched.status !== "failed") return false;
  // Its id was kept while the provider had it pending: the shopper was told it is on its way.
  return settleRefund(prisma, refundId, fetched.status, config);
}

/**
 * A provider's refund webhook, once its signature passed: the pending refunds of that transaction
 * are fetched from the provider, and only its answer settles them (a webhook is a hint, not proof).
 */
export async function settleRefundsOf(
  prisma: Db,
  config: Config,
  provider: PaymentProvider,
  transactionRef: string,
): Promise<number> {
  const pending = await prisma.refund.findMany({
    where: {
      transactionRef,
      status: "pending",
      providerRefundId: { not: null },
    },
    select: { id: true, providerRefundId: true },
  });
  let settled = 0;
  for (const refund of pending) {
    if (await settleByProvider(prisma, config, provider, refund.id, refund.providerRefundId!))
      settled++;
  }
  return settled;
}

/** Reconciliation leaves a refund this long to its webhook before asking the provider itself. */
const REFUND_WEBHOOK_GRACE_MS = 60_000;
/** Refunds fetched per run and instance. */
const REFUND_RECONCILE_BATCH = 25;

/** A refund asked of the provider without an answer is found by its creation time, within this. */
const REFUND_FIND_WINDOW_MS = 10 * 60_000;
/** A refund asked this long ago that the provider still does not list was never taken (a request
 *  times out within seconds): it is settled as failed, so the money counts as paid again. */
const REFUND_UNTAKEN_AFTER_MS = 30 * 60_000;

/**
 * Settles refunds whose webhook was lost (payments' reconciliation, for refunds): each pending one
 * past the grace whose check is due is claimed by pushing its next check one interval on, over rows
 * locked with SKIP LOCKED, so instances share the batch, and a refund the provider keeps pending for
 * days goes to the back instead of holding up the others. Settling itself is settleByProvider, as
 * for a webhook. A pending one without the provider's id (its request went unanswered, or the
 * server stopped before keeping the id) is looked up at the provider first (findUnanswered).
 */
export async function reconcilePendingRefunds(
  prisma: Db,
  config: Config,
  provider: PaymentProvider,
  intervalMs: number,
  now = new Date(),
): Promise<{ checked: number; settled: number }> {
  const graceEnd = new Date(now.getTime() - REFUND_WEBHOOK_GRACE_MS);
  const claimed = await prisma.$queryRaw<{ id: string; provider_refund_id: string | null; transaction_ref: string; amount: string; created_at: Date }[]>`
    UPDATE refunds SET next_check_at = ${new Date(now.getTime() + intervalMs)}
    WHERE id IN (
      SELECT id FROM refunds
      WHERE method = ${provider.name} AND status = 'pending'
        AND created_at <= ${graceEnd} AND next_check_at <= ${now}
      ORDER BY next_check_at LIMIT ${REFUND_RECONCILE_BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id, provider_refund_id, transaction_ref, amount::text AS amount, created_at`;
  let settled = 0;
  for (const refund of claimed) {
    try {
      if (refund.provider_refund_id === null) {
        if (await findUnanswered(prisma, config, provider, refund, now)) settled++;
      } else if (await settleByProvider(prisma, config, provider, refund.id, refund.provider_refund_id)) settled++;
    } catch (error) {
      // The next interval tries again; one provider hiccup does not stop the batch.
      logger.warn(`Could not reconcile refund ${refund.id}`, error instanceof Error ? error.message : String(error));
    }
  }
  return { checked: claimed.length, settled };
}

/** A refund asked without an answer: kept (and settled, when final) if the provider lists it; failed
 *  if, long after, it still does not; otherwise left for the next run. True when it was settled. */
async function findUnanswered(
  prisma: Db,
  config: Config,
  provider: PaymentProvider,
  refund: { id: string; transaction_ref: string; amount: string; created_at: Date },
  now: Date,
): Promise<boolean> {
  const known = await prisma.refund.findMany({
    where: { transactionRef: refund.transaction_ref, providerRefundId: { not: null } },
    select: { providerRefundId: true },
  });
  const found = await provider.findRefund({
    ...refundRequestOf(refund.id, refund.transaction_ref, refund.amount),
    from: new Date(refund.created_at.getTime() - REFUND_FIND_WINDOW_MS),
    to: new Date(refund.created_at.getTime() + REFUND_FIND_WINDOW_MS),
    known: new Set(known.map((k) => k.providerRefundId!)),
  });
  if (found) {
    logger.info(`Refund ${refund.id}: found at ${provider.name} as ${found.id} (${found.status})`);
    await keepProviderRefund(prisma, config, refund.id, found);
    return found.status === "processed" || found.status === "failed";
  }
  if (now.getTime() - refund.created_at.getTime() < REFUND_UNTAKEN_AFTER_MS) return false;
  logger.warn(`Refund ${refund.id}: ${provider.name} has no such refund; settled as failed, the claim is open again`);
  return settleRefund(prisma, refund.id, "failed");
}

/**
 * Puts the claimed order's pieces back on sale: once per order, for an accepted or refunded claim
 * only (a declined one's pieces stay with the shopper), and never for an order that no longer holds
 * stock (cancelled: its pieces went back then). The order's row lock orders it against a status
 * change or a deletion, which then see the pieces returned (holdsStock) and do not return them again.
 */
export async function restockClaim(prisma: Db, actor: Actor, claimId: string) {
  invariant(isUuid(claimId), "Claim not found", "claimId");
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.claim.updateMany({
      where: { id: claimId, restockedAt: null },
      data: { restockedAt: new Date() },
    });
    const claim = await tx.claim.findUnique({ where: { id: claimId } });
    if (!claim) throw new NotFoundError("Claim not found");
    if (count !== 1)
      throw new ValidationError(CLAIM_MESSAGES.restocked, "claimId");
    invariant(claim.status === "accepted" || claim.status === "refunded", CLAIM_MESSAGES.restockUndecided, "claimId");
    const order = await lockOrder(tx, claim.orderId);
    if (!order) throw new NotFoundError("Claim not found");
    // This claim's own mark is among the order's claims: any other one, or a cancelled order, means
    // the pieces are already back.
    const others = order.claims.filter((other) => other.id !== claimId);
    invariant(holdsStock({ status: order.status, claims: others }), CLAIM_MESSAGES.restocked, "claimId");
    await returnStock(tx, order.items);
    await recordAudit(tx, {
      actor,
      action: "claim.restocked",
      entityType: "order",
      entityId: claim.orderId,
      orderId: claim.orderId,
      after: {
        claimId,
        pieces: order.items.map((item) => ({
          productId: item.productId,
          quantity: item.quantity,
        })),
      },
    });
    return claim;
  });
}
