// An order the owner takes outside the store, in a WhatsApp or Instagram chat or at the stall
// (issue 35, decision 035). It goes through the same core as a web checkout (write-order.ts): the
// same guarded stock take in one transaction, the same fees, and the same hold that expires and
// releases the pieces; so a piece sold in a DM is gone from the site at once, and a web checkout
// and a manual order racing for the last piece make exactly one order. What is only this use
// case's: its channel, an email the buyer may not have, a paid-at-once sale, its own hold length,
// and the owner's note. Each is audited under the owner's name.
import { randomUUID } from "node:crypto";
import type { Config } from "../../config.ts";
import { auditEntrySql, recordAudit, type Actor } from "../audit/audit.service.ts";
import { emailSql, queueEmail } from "../../mail/outbox.ts";
import { sqlInPrisma, type Db, type SqlRunner } from "../../db/database.ts";
import { normalizeNigerianPhone } from "../../../../common/phone.ts";
import { storedForms } from "./orders-by-phone.service.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { recordMoneyIn } from "../payments/money.ts";
import { cleanGuestLines, type GuestCartLine } from "../cart/cart.service.ts";
import { DomainError, ValidationError } from "../errors.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { paymentConfirmedEmail } from "../payments/emails.ts";
import { PAYMENT_LIMITS } from "../payments/rules.ts";
import { MANUAL_HOLD_HOURS, MANUAL_SALE_CHANNELS, type SaleChannelName } from "../../../../common/sale-channels.ts";
import {
  checkedDetails,
  inPieceTurns,
  orderReceivedEmail,
  placedAuditFacts,
  placedMessagesSql,
  precheck,
  withFreshShortId,
  writeOrder,
  type DetailsInput,
  type Driver,
  type OrderDraft,
  type PricedOrder,
  type WrittenOrder,
} from "./write-order.ts";

export interface ManualOrderInput extends DetailsInput {
  channel: string;
  items: GuestCartLine[];
  /** Cash taken, or a transfer the owner already saw: the order is paid when it is written. */
  paid?: boolean | null;
  bankReference?: string | null;
  /** Hours an unpaid order holds its pieces; HOLD_HOURS when unset. */
  holdHours?: number | null;
  note?: string | null;
  /** Sent by the admin screen so a resent request returns the same order (a phone on a bad network). */
  idempotencyKey?: string | null;
}

export interface TakenOrder {
  orderId: string;
  /** The products whose stock this call took (unset for a resent request answered with its order). */
  products?: string[];
  /** The order as this call wrote it: the answer needs no read of it. */
  written?: WrittenOrder;
}

/** The buyer as their latest order has them, for the admin's "New order" form to fill in. */
export interface EarlierCustomer {
  fullName: string;
  email: string | null;
  deliveryMethod: string;
  address: string | null;
  deliveryState: string | null;
  parkState: string | null;
  parkName: string | null;
}

/** The latest order placed with this phone number, on any channel; null for a new buyer (or a
 *  number that is not a Nigerian phone). */
export async function earlierCustomer(prisma: Db, phone: string): Promise<EarlierCustomer | null> {
  const normalized = normalizeNigerianPhone(phone);
  if (!normalized) return null;
  const order = await prisma.order.findFirst({
    where: { customerPhone: { in: storedForms(normalized) } },
    orderBy: { createdAt: "desc" },
    select: { customerName: true, customerEmail: true, deliveryMethod: true, customerAddress: true, deliveryState: true, parkState: true, parkName: true },
  });
  if (!order) return null;
  const { customerName, customerEmail, customerAddress, deliveryMethod, ...rest } = order;
  // A pickup or park order's stored address is the shop's or the park's, not the buyer's.
  return { fullName: customerName, email: customerEmail, deliveryMethod, address: deliveryMethod === "doorstep" ? customerAddress : null, ...rest };
}

export const MANUAL_MESSAGES = {
  channel: "Choose where the sale was made: WhatsApp, Instagram, in person or other",
  holdHours: `Hold must be between ${MANUAL_HOLD_HOURS.min} and ${MANUAL_HOLD_HOURS.max} hours`,
  note: "Note must be at most 500 characters",
  bankReference: `Bank reference must be at most ${PAYMENT_LIMITS.bankReference} characters`,
  referenceUnpaid: "A bank reference is only kept for an order that is paid already",
  keyReused: "This order form was already used for another order. Please refresh the page and try again.",
} as const;

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const NOTE_MAX = 500;

function validate(input: ManualOrderInput, config: Config) {
  if (!(MANUAL_SALE_CHANNELS as readonly string[]).includes(input.channel)) throw new ValidationError(MANUAL_MESSAGES.channel, "channel");
  const details = checkedDetails(input, config, true);
  const lines = cleanGuestLines(input.items);
  const asked = input.holdHours;
  if (asked != null && !(Number.isInteger(asked) && asked >= MANUAL_HOLD_HOURS.min && asked <= MANUAL_HOLD_HOURS.max)) {
    throw new ValidationError(MANUAL_MESSAGES.holdHours, "holdHours");
  }
  // HOLD_HOURS itself may be set past 72 hours (up to two weeks): only the owner's own choice is bounded.
  const holdHours = asked ?? config.holdHours;
  const note = input.note?.trim() || null;
  if (note && note.length > NOTE_MAX) throw new ValidationError(MANUAL_MESSAGES.note, "note");
  const bankReference = input.bankReference?.trim() || null;
  if (bankReference && bankReference.length > PAYMENT_LIMITS.bankReference) throw new ValidationError(MANUAL_MESSAGES.bankReference, "bankReference");
  if (bankReference && !input.paid) throw new ValidationError(MANUAL_MESSAGES.referenceUnpaid, "bankReference");
  const key = input.idempotencyKey ?? null;
  if (key !== null && !KEY.test(key)) throw new ValidationError(MANUAL_MESSAGES.keyReused, "idempotencyKey");
  return { channel: input.channel as Exclude<SaleChannelName, "web">, details, lines, holdHours, note, paid: input.paid ? { bankReference } : null, key };
}

/** A resent request (same key) gets its order back; a key of a web checkout is refused. */
async function resent(driver: Driver, key: string | null): Promise<TakenOrder | null> {
  if (!key) return null;
  const existing = await driver.prisma.order.findUnique({ where: { idempotencyKey: key }, select: { id: true, channel: true } });
  if (!existing) return null;
  if (existing.channel === "web") throw new ValidationError(MANUAL_MESSAGES.keyReused, "idempotencyKey");
  return { orderId: existing.id };
}

export async function createManualOrder(driver: Driver, config: Config, actor: Actor, input: ManualOrderInput): Promise<TakenOrder> {
  const order = validate(input, config);
  const known = await precheck(driver.sql, order.key, order.lines, new Date());
  const previous = known.retried ? await resent(driver, order.key) : null;
  if (previous) return previous;
  if (known.soldOut) throw known.soldOut;
  const stillPossible = async () => {
    const { soldOut } = await precheck(driver.sql, null, order.lines, new Date());
    if (soldOut) throw soldOut;
  };
  try {
    return await withFreshShortId(async (shortOrderId) => {
      const draft: OrderDraft = {
        id: randomUUID(),
        shortOrderId,
        now: new Date(),
        channel: order.channel,
        userId: null,
        details: order.details,
        paymentMethod: "bank_transfer",
        holdHours: order.holdHours,
        note: order.note,
        idempotencyKey: order.key,
        guestTokenHash: null,
        // A buyer who ordered in a WhatsApp chat is reached there (decision 036).
        whatsappUpdates: order.channel === "whatsapp",
      };
      const write = (sql: SqlRunner) => writeOrder(sql, draft, order.lines, (priced) => placedStatements(config, actor, draft, priced, order.paid !== null));
      const pieces = order.lines.map((line) => line.productId);
      if (!order.paid) {
        const { written, priced } = await inPieceTurns(pieces, stillPossible, () => driver.transaction(write));
        return { orderId: draft.id, products: priced.products, written };
      }
      const paid = order.paid;
      // Paid already: the money comes in as every payment does (payments/money.ts, decision 034), in
      // the order's own transaction, so the piece is never on hold for anyone. The order changed
      // after its insert, so it is read back rather than answered as written.
      const { priced } = await inPieceTurns(pieces, stillPossible, () =>
        driver.prisma.$transaction(async (tx) => {
          const placed = await write(sqlInPrisma(tx));
          const money = await recordMoneyIn(tx, { orderId: draft.id, amount: placed.priced.total, paidAt: draft.now, reference: paid.bankReference });
          await recordAudit(tx, {
            actor,
            action: "payment.marked_paid",
            entityType: "payment",
            entityId: draft.id,
            orderId: draft.id,
            before: { status: "pending", paymentStatus: "awaiting_transfer", amountPaid: "0.00" },
            after: { status: money.status, paymentStatus: money.paymentStatus, bankReference: paid.bankReference, total: placed.priced.total.toFixed(2), amountPaid: money.amountPaid.toFixed(2), channel: draft.channel },
          });
          const { details } = draft;
          await queueEmail(tx, paymentConfirmedEmail(config.publicUrl, { shortOrderId, customerName: details.name, customerEmail: details.email, total: placed.priced.total }, money));
          return placed;
        }),
      );
      return { orderId: draft.id, products: priced.products };
    });
  } catch (error) {
    // Two sends of one form at once: the second finds the key taken or the pieces sold by the first.
    if (isUniqueViolation(error, "idempotency_key") || error instanceof DomainError) {
      const first = await resent(driver, order.key);
      if (first) return first;
    }
    throw error;
  }
}

/** Beside the order, in its statement: the audit entry of the sale, and for an unpaid order the
 *  buyer's email with what to pay and how, when they gave an email. */
function placedStatements(config: Config, actor: Actor, order: OrderDraft, priced: PricedOrder, paid: boolean): Prisma.Sql[] {
  const { id, shortOrderId, details } = order;
  const placed = auditEntrySql({
    actor,
    action: "order.placed",
    entityType: "order",
    entityId: id,
    orderId: id,
    after: { ...placedAuditFacts(order, priced), channel: order.channel, holdExpiresAt: priced.holdExpiresAt.toISOString() },
    reason: order.note,
  });
  const email = details.email;
  const messages = placedMessagesSql(config, order, priced, !paid);
  return [placed, ...(paid || !email ? [] : [emailSql(orderReceivedEmail(config, { ...details, email }, shortOrderId, priced, null))]), ...messages];
}
