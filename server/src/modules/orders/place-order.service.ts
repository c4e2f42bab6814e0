// The web checkout: a shopper's order from the site, through the one stock-and-money core
// (write-order.ts) that every channel uses. This file owns what only the site has: the client's
// idempotency key and its retries (DESIGN §6.4), the signed-in shopper's server cart, the guest
// token, the provider payment opened after the commit, and the shopper's confirmation email.
import type { Config } from "../../config.ts";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/database.ts";
import type { Viewer } from "../../auth/viewer.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { DomainError, ValidationError, type InsufficientStockError } from "../errors.ts";
import { emailSql, queueEmail } from "../../mail/outbox.ts";
import { actorOf, auditEntrySql } from "../audit/audit.service.ts";
import { cleanGuestLines, type GuestCartLine } from "../cart/cart.service.ts";
import { newGuestToken } from "./ownership.ts";
import { PAYMENT_METHODS, type PaymentMethodName } from "../../../../common/payment-methods.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { fallBackToManualTransfer, openProviderPayment, providerPaymentParagraph, requireProvider } from "../payments/provider-payments.service.ts";
import {
  checkedDetails,
  inPieceTurns,
  orderReceivedEmail,
  placedAuditFacts,
  placedMessagesSql,
  precheckTogether,
  rememberedRead,
  withFreshShortId,
  type Prechecked,
  writeOrder,
  writeOrderAtOnce,
  type PricedOrder,
  type DetailsInput,
  type Driver,
  type OrderDetails,
  type WrittenOrder,
} from "./write-order.ts";

/** The buyer and delivery fields as every channel has them (write-order.ts), with the email required. */
export interface PlaceOrderInput extends DetailsInput {
  email: string;
  /** The guest cart; ignored for a signed-in shopper, whose cart is on the server. */
  items?: GuestCartLine[] | null;
  idempotencyKey: string;
  /** bank_transfer (the default), or one of the provider's methods when a provider is configured. */
  paymentMethod?: string | null;
  /** The account the page shows as signed in, if any: a session that has ended since must not turn
   *  the checkout into a guest order (issue 40, finding 3). */
  signedInAs?: string | null;
  /** A discount code as typed; the server decides what it takes off (modules/offers). */
  discountCode?: string | null;
  /** "Send me order updates on WhatsApp" (unticked by default): WhatsApp, or SMS without it. */
  whatsappUpdates?: boolean | null;
}

export interface PlacedOrder {
  orderId: string;
  /** Only for guest orders: the secret that lets this browser show the order again. */
  guestToken: string | null;
  /** The products whose stock this call took (unset for a retry answered with the earlier order). */
  products?: string[];
  /** A bank-transfer order as this call wrote it (unset for a retry, or a provider payment, which
   *  changes the order after): the checkout's answer needs no read of it. */
  written?: WrittenOrder;
  /** The taken products' stock and "on hold" as this order's commit left them. */
  stockAfter?: { id: string; stock: number; onHold: boolean; version: number }[];
}

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
export const SESSION_ENDED = "You were signed out, so nothing was placed. Sign in again to order on your account, or confirm again to order as a guest.";
export const KEY_REUSED = "This checkout was already used for another order. Please refresh the page and try again.";

/** The buyer and delivery as the core checks them, plus what only the site asks: the key and how to pay. */
function validate(input: PlaceOrderInput, config: Config, viewer: Viewer | null): OrderDetails & { email: string; paymentMethod: PaymentMethodName } {
  // Before anything else, a retry included: the shopper decides whose order this is.
  if (input.signedInAs && input.signedInAs !== viewer?.userId) throw new ValidationError(SESSION_ENDED, "signedInAs");
  const details = checkedDetails(input, config);
  if (!KEY.test(input.idempotencyKey)) throw new ValidationError("Invalid checkout key. Please refresh the page and try again.", "idempotencyKey");
  const paymentMethod = (input.paymentMethod ?? "bank_transfer") as PaymentMethodName;
  if (!PAYMENT_METHODS.includes(paymentMethod)) throw new ValidationError("Please choose how to pay", "paymentMethod");
  if (paymentMethod !== "bank_transfer") requireProvider(config);
  // checkedDetails required an email: only an order taken outside the store may lack one.
  return { ...details, email: details.email!, paymentMethod };
}

/** A retry with the same key by the same owner gets the same order back; anyone else an error. */
async function replay(prisma: Db, viewer: Viewer | null, key: string): Promise<PlacedOrder | null> {
  const existing = await prisma.order.findUnique({ where: { idempotencyKey: key }, select: { id: true, userId: true, guestTokenHash: true } });
  if (!existing) return null;
  const sameOwner = viewer ? existing.userId === viewer.userId : existing.userId === null;
  if (!sameOwner) throw new ValidationError(KEY_REUSED, "idempotencyKey");
  if (viewer) return { orderId: existing.id, guestToken: null };
  // The key is a secret only the placing browser knows; the first answer may never have arrived,
  // so hand out a fresh token (the old one stops working).
  const { token, hash } = newGuestToken();
  await prisma.order.update({ where: { id: existing.id }, data: { guestTokenHash: hash } });
  return { orderId: existing.id, guestToken: token };
}

/** The guest's lines if they are well formed (the transaction's path reports what is wrong). */
function checkedLines(items: GuestCartLine[] | null | undefined): GuestCartLine[] {
  try {
    return cleanGuestLines(items ?? []);
  } catch {
    return [];
  }
}

type InTurn = <T>(transaction: () => Promise<T>) => Promise<T>;

/** A guest's checkout that placeOrder would refuse as out of stock, decided as placeOrder decides
 *  it (its validation first, then the database's precheck); null whenever placeOrder would answer
 *  anything else: a field to fix, a retry of a placed order, or an order to try. For answers
 *  given without GraphQL execution on a drop night (graphql/sold-out-answers.ts); `check` is the
 *  precheck (write-order.ts), there read with the other refusals of the same moment. */
export async function guestSoldOutRefusal(
  config: Config,
  input: PlaceOrderInput,
  check: (key: string, lines: GuestCartLine[]) => Promise<Prechecked>,
): Promise<InsufficientStockError | null> {
  try {
    validate(input, config, null);
  } catch {
    return null;
  }
  const lines = checkedLines(input.items);
  if (!lines.length) return null;
  const known = await check(input.idempotencyKey, lines);
  return known.retried ? null : known.soldOut;
}

export async function placeOrder(driver: Driver, config: Config, viewer: Viewer | null, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { prisma, sql } = driver;
  const details = validate(input, config, viewer);
  const lines = viewer ? [] : checkedLines(input.items);
  // A guest's one piece without a code may be written at once (writeOrderAtOnce), priced from this read.
  const atOnce = lines.length === 1 && !input.discountCode?.trim();
  // Priced from earlier reads when they are remembered (the write checks them); else read with the
  // other checkouts of the same moment (a drop's crowd): one statement for them all.
  const together = precheckTogether(sql);
  const known = (atOnce && rememberedRead(sql, lines[0]!)) || (await together(input.idempotencyKey, lines, atOnce));
  // A retry of an order that went through gets it back, even once its pieces have sold out.
  const previous = known.retried ? await replay(prisma, viewer, input.idempotencyKey) : null;
  if (previous) return previous;
  if (known.soldOut) throw known.soldOut;
  const guestLines = viewer ? null : cleanGuestLines(input.items ?? []);
  // A signed-in shopper's pieces are in the server cart: read once here for the turns only (the
  // transaction reads the cart again and goes by that).
  const pieces = viewer
    ? (await sql<{ productId: string }>(Prisma.sql`SELECT product_id::text AS "productId" FROM cart_items WHERE user_id = ${viewer.userId}::uuid`)).map((line) => line.productId)
    : lines.map((line) => line.productId);
  const stillPossible = async () => {
    const { soldOut } = lines.length ? await together(input.idempotencyKey, lines) : { soldOut: null };
    if (soldOut) throw soldOut;
  };
  // The turn covers the stock-taking transaction only, not a payment provider's answer after it.
  const inTurn: InTurn = (transaction) => inPieceTurns(pieces, stillPossible, transaction);
  try {
    return await withFreshShortId((shortOrderId) => createOrder(driver, config, viewer, input, details, guestLines, atOnce ? known : null, shortOrderId, inTurn));
  } catch (error) {
    // Two tabs sending the same key at once: the loser returns the winner's order, whether its
    // insert clashed on the key or it found the piece sold or the cart emptied by the winner.
    if (isUniqueViolation(error, "idempotency_key") || error instanceof DomainError) {
      const winner = await replay(prisma, viewer, input.idempotencyKey);
      if (winner) return winner;
    }
    throw error;
  }
}

async function createOrder(
  driver: Driver,
  config: Config,
  viewer: Viewer | null,
  input: PlaceOrderInput,
  details: ReturnType<typeof validate>,
  guestLines: GuestCartLine[] | null,
  /** The precheck `forWriting` of a guest's one piece, to try writeOrderAtOnce with. */
  read: Prechecked | null,
  shortOrderId: string,
  inTurn: InTurn,
): Promise<PlacedOrder> {
  const guest = viewer ? null : newGuestToken();
  const orderId = randomUUID();
  const draft = {
    id: orderId,
    shortOrderId,
    now: new Date(),
    channel: "web",
    userId: viewer?.userId ?? null,
    details,
    paymentMethod: details.paymentMethod,
    holdHours: config.holdHours,
    paid: null,
    note: null,
    idempotencyKey: input.idempotencyKey,
    guestTokenHash: guest?.hash ?? null,
    discountCode: input.discountCode?.trim() || null,
    whatsappUpdates: input.whatsappUpdates === true,
  } as const;
  const more = (priced: PricedOrder) => [
    auditEntrySql({
      actor: actorOf(viewer),
      action: "order.placed",
      entityType: "order",
      entityId: orderId,
      orderId,
      after: {
        ...placedAuditFacts(draft, priced),
        ...(priced.discountCode ? { discountCode: priced.discountCode, discount: priced.discount.toFixed(2) } : {}),
        paymentMethod: details.paymentMethod,
      },
    }),
    // A provider payment's email waits for the provider's answer (its account or page goes in it).
    ...(details.paymentMethod === "bank_transfer" ? [emailSql(orderReceivedEmail(config, details, shortOrderId, priced, null))] : []),
    ...(viewer ? [Prisma.sql`DELETE FROM cart_items WHERE user_id = ${viewer.userId}::uuid`] : []),
    ...placedMessagesSql(config, draft, priced),
  ];
  // On the driver, not Prisma: about a third of the round trips, and none of Prisma's CPU per
  // statement, which on a drop night was most of a checkout's (decision 026).
  const { written, priced, stockLeft } = await inTurn(async () => {
    const atOnce = read && guestLines?.length === 1 ? await writeOrderAtOnce(driver.sql, draft, guestLines[0]!, read, more) : null;
    return (
      atOnce ??
      driver.transaction(async (sql) => {
        // A signed-in shopper orders the server cart; a guest the lines the browser sent.
        const lines = viewer
          ? await sql<GuestCartLine>(Prisma.sql`SELECT product_id::text AS "productId", quantity FROM cart_items WHERE user_id = ${viewer.userId}::uuid`)
          : (guestLines ?? []);
        return writeOrder(sql, draft, lines, more);
      })
    );
  });
  if (details.paymentMethod !== "bank_transfer") {
    const method = details.paymentMethod;
    const opened = await openProviderPayment(
      driver.prisma,
      config,
      { id: orderId, shortOrderId, customerEmail: details.email, amountDue: priced.total.toFixed(2), holdExpiresAt: priced.holdExpiresAt },
      method,
    );
    await driver.prisma.$transaction(async (tx) => {
      // Paystack unreachable: the order is placed all the same, to be paid by the manual transfer.
      if (opened.kind === "unavailable") await fallBackToManualTransfer(tx, orderId, method, opened.paymentId);
      const paymentText = providerPaymentParagraph(opened, formatNaira(priced.total.toFixed(2)), config.publicUrl, shortOrderId);
      await queueEmail(tx, orderReceivedEmail(config, details, shortOrderId, priced, paymentText));
    });
  }
  return {
    orderId,
    guestToken: guest?.token ?? null,
    products: priced.products,
    written: details.paymentMethod === "bank_transfer" ? written : undefined,
    // The new order is unpaid, so a piece it left at none is on hold (payments/rules.ts onHoldSql).
    stockAfter: stockLeft.map(({ id, stock, version }) => ({ id, stock, onHold: stock <= 0, version })),
  };
}
