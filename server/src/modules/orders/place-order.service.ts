// Placing an order: one transaction that prices the lines from the database, takes the stock with a
// guard (never below 0), creates the order and its items, empties the shopper's cart, queues the
// confirmation email and records the audit entry. Idempotent by the client's key (DESIGN §6.3–6.4).
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Config } from "../../config.ts";
import { randomUUID } from "node:crypto";
import type { Db, InTransaction, SqlRunner } from "../../db/database.ts";
import type { Viewer } from "../../auth/viewer.ts";
import { Prisma, type Order, type OrderItem, type PaymentReceipt, type ProviderPayment } from "../../generated/prisma/client.ts";
import { checkoutDetailsErrors, parkAddress } from "../../../../common/checkout.ts";
import type { DeliveryMethodName } from "../../../../common/delivery-methods.ts";
import { readableCode } from "./readable-codes.ts";
import { normalizeNigerianPhone } from "../../../../common/phone.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { canonicalState } from "../../../../common/states.ts";
import { deliveryFeeFor, type DeliveryFeeTable } from "../../../../common/delivery.ts";
import { besideFeeTable } from "../delivery/delivery-fees.service.ts";
import { DomainError, InsufficientStockError, NotFoundError, ValidationError } from "../errors.ts";
import { emailSql, queueEmail } from "../../mail/outbox.ts";
import { actorOf, auditEntrySql } from "../audit/audit.service.ts";
import { cleanGuestLines, type GuestCartLine } from "../cart/cart.service.ts";
import { newGuestToken } from "./ownership.ts";
import { paymentParagraph } from "../payments/emails.ts";
import { isVisibleAt, NOT_LIVE_YET, visibleNowSql } from "../catalog/visibility.ts";
import { PAYMENT_METHODS, type PaymentMethodName } from "../../../../common/payment-methods.ts";
import { pieceTurns } from "./piece-turns.ts";
import { fallBackToManualTransfer, openProviderPayment, providerPaymentParagraph, requireProvider } from "../payments/provider-payments.service.ts";

export interface PlaceOrderInput {
  fullName: string;
  email: string;
  phone: string;
  deliveryMethod: string;
  address?: string | null;
  parkState?: string | null;
  parkName?: string | null;
  /** Doorstep delivery: the state (required), for its delivery fee; the order records it. */
  deliveryState?: string | null;
  /** The guest cart; ignored for a signed-in shopper, whose cart is on the server. */
  items?: GuestCartLine[] | null;
  idempotencyKey: string;
  /** bank_transfer (the default), or one of the provider's methods when a provider is configured. */
  paymentMethod?: string | null;
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
}

/** An order at its commit, with its relations then: its items, no provider payment, no receipt. */
export type WrittenOrder = Order & { items: OrderItem[]; providerPayments: ProviderPayment[]; receipts: PaymentReceipt[] };

/** What the insert decides rather than the order row: its number, its starting statuses and the
 *  columns a new order leaves to their defaults (returned by it, so never restated here). */
type SetByInsert = Pick<
  Order,
  | "orderNumber"
  | "status"
  | "paymentStatus"
  | "holdExtended"
  | "paidAt"
  | "bankReference"
  | "rejectionReason"
  | "trackingNumber"
  | "trackingStatus"
  | "trackingUpdatedAt"
  | "transportCompany"
  | "waybillNumber"
  | "driverPhone"
  | "amountPaid"
  | "whatsappUpdates"
  | "paymentRemindedAt"
>;

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
export const EMPTY_CART = "Your cart is empty";
export const KEY_REUSED = "This checkout was already used for another order. Please refresh the page and try again.";

/** 8 characters of Crockford base32 (40 random bits): easy to read out over the phone. */
export function newShortOrderId(): string {
  return readableCode(8);
}

function validate(input: PlaceOrderInput, config: Config) {
  const first = checkoutDetailsErrors(input)[0];
  if (first) throw new ValidationError(first.message, first.field);
  if (!KEY.test(input.idempotencyKey)) throw new ValidationError("Invalid checkout key. Please refresh the page and try again.", "idempotencyKey");
  const method = input.deliveryMethod as DeliveryMethodName;
  // checkoutDetailsErrors required a known state for doorstep delivery.
  const deliveryState = method === "doorstep" ? canonicalState(input.deliveryState!) : null;
  const paymentMethod = (input.paymentMethod ?? "bank_transfer") as PaymentMethodName;
  if (!PAYMENT_METHODS.includes(paymentMethod)) throw new ValidationError("Please choose how to pay", "paymentMethod");
  if (paymentMethod !== "bank_transfer") requireProvider(config);
  return {
    paymentMethod,
    deliveryState,
    method,
    name: input.fullName.trim(),
    email: input.email.trim().toLowerCase(),
    phone: normalizeNigerianPhone(input.phone)!,
    parkState: method === "park" ? input.parkState!.trim() : null,
    parkName: method === "park" ? input.parkName!.trim() : null,
  };
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

/**
 * What a checkout can know before any transaction, in one indexed read on the driver (no Prisma,
 * no row lock): whether an order already carries its key (a retry), and any guest line asking for
 * more than a product on sale has, as committed now. On a drop most checkouts are for pieces
 * already sold: this answers them "out of stock" with one statement. Only ever a refusal the
 * transaction would give too (the stock never comes back by itself while we answer); an answer
 * that passes proves nothing, and the transaction below still decides.
 */
async function precheck(sql: SqlRunner, key: string, lines: GuestCartLine[], now: Date): Promise<{ retried: boolean; soldOut: InsufficientStockError | null }> {
  const products = lines.length
    ? Prisma.sql`UNION ALL SELECT 'product' AS kind, p.id::text AS id, p.name, p.stock FROM products p
        WHERE p.id IN (${Prisma.join(lines.map((line) => Prisma.sql`${line.productId}::uuid`))}) AND ${visibleNowSql(now)}`
    : Prisma.empty;
  const rows = await sql<{ kind: "order" | "product"; id: string; name: string; stock: number }>(Prisma.sql`
    SELECT 'order' AS kind, o.id::text AS id, '' AS name, 0 AS stock FROM orders o WHERE o.idempotency_key = ${key}
    ${products}`);
  let soldOut: InsufficientStockError | null = null;
  for (const line of lines) {
    const row = rows.find((r) => r.kind === "product" && r.id === line.productId);
    if (row && row.stock < line.quantity) {
      soldOut = new InsufficientStockError(row.id, row.name, row.stock);
      break;
    }
  }
  return { retried: rows.some((r) => r.kind === "order"), soldOut };
}

type InTurn = <T>(transaction: () => Promise<T>) => Promise<T>;

/** One per process: checkouts of the same piece wait for each other here, not on its row lock. */
const turns = pieceTurns();

/** The database as a checkout uses it: Prisma for what is rare (a retry, a provider payment), the
 *  driver for the hot path. */
export interface Driver {
  prisma: Db;
  sql: SqlRunner;
  transaction: InTransaction;
}

export async function placeOrder(driver: Driver, config: Config, viewer: Viewer | null, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { prisma, sql } = driver;
  const details = validate(input, config);
  const lines = viewer ? [] : checkedLines(input.items);
  const known = await precheck(sql, input.idempotencyKey, lines, new Date());
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
    const { soldOut } = lines.length ? await precheck(sql, input.idempotencyKey, lines, new Date()) : { soldOut: null };
    if (soldOut) throw soldOut;
  };
  // The turn covers the stock-taking transaction only, not a payment provider's answer after it.
  const inTurn: InTurn = (transaction) => turns.run(pieces, stillPossible, transaction);

  for (let attempt = 1; ; attempt++) {
    try {
      return await createOrder(driver, config, viewer, input, details, guestLines, inTurn);
    } catch (error) {
      // Two tabs sending the same key at once: the loser returns the winner's order, whether its
      // insert clashed on the key or it found the piece sold or the cart emptied by the winner.
      if (isUniqueViolation(error, "idempotency_key") || error instanceof DomainError) {
        const winner = await replay(prisma, viewer, input.idempotencyKey);
        if (winner) return winner;
      }
      // A short id collision (1 in a trillion) is simply retried with a new id.
      if (attempt < 5 && isUniqueViolation(error, "short_order_id")) continue;
      throw error;
    }
  }
}

/** A product a line asked for, as its stock was taken (or found, when it was not). */
interface TakenProduct {
  id: string;
  name: string;
  price: Prisma.Decimal;
  imageUrl: string | null;
  size: string | null;
  stock: number;
  goesLiveAt: Date | null;
}

/**
 * The guard: take `quantity` of the product only if it is there and on sale now (a drop not yet
 * live cannot be bought: visibility.ts). Concurrent checkouts queue on the row lock and re-check
 * the condition, so the last piece is sold exactly once. When nothing was taken, the product as it
 * is says why (gone, not live yet, not enough left). An order's first take also brings the fee
 * table, in the same statement: read in the order's transaction without a round trip of its own.
 */
async function takeStock(sql: SqlRunner, line: GuestCartLine, now: Date, withFeeTable: boolean): Promise<{ product: TakenProduct; feeTable: DeliveryFeeTable | null }> {
  const columns = Prisma.sql`p.id::text AS id, p.name, p.price, p.image_url AS "imageUrl", p.size, p.stock, p.goes_live_at AS "goesLiveAt"`;
  const take = Prisma.sql`
    UPDATE products p SET stock = p.stock - ${line.quantity}, updated_at = ${now}
    WHERE p.id = ${line.productId}::uuid AND p.stock >= ${line.quantity} AND ${visibleNowSql(now)}
    RETURNING ${columns}`;
  const { rows: [taken], feeTable } = withFeeTable ? await besideFeeTable<TakenProduct>(sql, take) : { rows: await sql<TakenProduct>(take), feeTable: null };
  if (taken) return { product: taken, feeTable };
  const [product] = await sql<TakenProduct>(Prisma.sql`SELECT ${columns} FROM products p WHERE p.id = ${line.productId}::uuid`);
  if (!product) throw new NotFoundError("A product in your cart is no longer available. Please remove it and try again.");
  if (!isVisibleAt(product, now)) throw new ValidationError(NOT_LIVE_YET, "items");
  throw new InsufficientStockError(product.id, product.name, product.stock);
}

/** An order's row as a checkout writes it; the insert decides the rest (SetByInsert). */
type NewOrder = Omit<Order, keyof SetByInsert>;

/** The order, its items and whatever else `more` holds (the email, the audit entry, emptying the
 *  cart), in one statement: data-modifying WITH clauses. Their foreign keys are checked at its end. */
function insertOrderSql(order: NewOrder, items: OrderItem[], more: Prisma.Sql[]): Prisma.Sql {
  const itemRows = items.map(
    (item) =>
      Prisma.sql`(${item.id}::uuid, ${item.orderId}::uuid, ${item.productId}::uuid, ${item.productName}, ${item.imageUrl}, ${item.quantity}::int, ${item.price}::numeric, ${item.size})`,
  );
  const clauses = more.map((statement, index) => Prisma.sql`, ${Prisma.raw(`more${index}`)} AS (${statement})`);
  return Prisma.sql`
    WITH new_order AS (
      INSERT INTO orders (id, short_order_id, user_id, total, delivery_fee, customer_name, customer_email, customer_phone, customer_address,
        delivery_method, delivery_state, park_state, park_name, payment_method, status, payment_status, hold_expires_at,
        idempotency_key, guest_token_hash, created_at, updated_at)
      VALUES (${order.id}::uuid, ${order.shortOrderId}, ${order.userId}::uuid, ${order.total}::numeric, ${order.deliveryFee}::numeric,
        ${order.customerName}, ${order.customerEmail}, ${order.customerPhone}, ${order.customerAddress},
        ${order.deliveryMethod}::"DeliveryMethod", ${order.deliveryState}, ${order.parkState}, ${order.parkName}, ${order.paymentMethod}::"PaymentMethod",
        'pending', 'awaiting_transfer', ${order.holdExpiresAt}, ${order.idempotencyKey}, ${order.guestTokenHash}, ${order.createdAt}, ${order.updatedAt})
      RETURNING order_number AS "orderNumber", status, payment_status AS "paymentStatus", hold_extended AS "holdExtended", paid_at AS "paidAt",
        bank_reference AS "bankReference", rejection_reason AS "rejectionReason", tracking_number AS "trackingNumber", tracking_status AS "trackingStatus",
        tracking_updated_at AS "trackingUpdatedAt", transport_company AS "transportCompany", waybill_number AS "waybillNumber", driver_phone AS "driverPhone",
        amount_paid AS "amountPaid", whatsapp_updates AS "whatsappUpdates", payment_reminded_at AS "paymentRemindedAt"
    ), new_items AS (
      INSERT INTO order_items (id, order_id, product_id, product_name, image_url, quantity, price, size) VALUES ${Prisma.join(itemRows)}
    )${Prisma.join(clauses, "")}
    SELECT * FROM new_order`;
}

async function createOrder(
  driver: Driver,
  config: Config,
  viewer: Viewer | null,
  input: PlaceOrderInput,
  details: ReturnType<typeof validate>,
  guestLines: GuestCartLine[] | null,
  inTurn: InTurn,
): Promise<PlacedOrder> {
  const guest = viewer ? null : newGuestToken();
  const now = new Date();
  const orderId = randomUUID();
  const shortOrderId = newShortOrderId();
  // On the driver, not Prisma: about a third of the round trips, and none of Prisma's CPU per
  // statement, which on a drop night was most of a checkout's (decision 026).
  const { email, products, written } = await inTurn(() =>
    driver.transaction(async (sql) => {
      // A signed-in shopper orders the server cart; a guest the lines the browser sent.
      const lines = viewer
        ? await sql<GuestCartLine>(Prisma.sql`SELECT product_id::text AS "productId", quantity FROM cart_items WHERE user_id = ${viewer.userId}::uuid`)
        : (guestLines ?? []);
      if (!lines.length) throw new ValidationError(EMPTY_CART, "items");
      // A fixed lock order keeps two multi-item checkouts from deadlocking each other.
      const sorted = [...lines].sort((a, b) => a.productId.localeCompare(b.productId));
      const taken: { product: TakenProduct; quantity: number }[] = [];
      // The fee is read here, in the order's transaction, from the owner's current table; the
      // client's own figure is never asked for. The order keeps it, so later changes never touch it.
      let feeTable: DeliveryFeeTable | null = null;
      for (const line of sorted) {
        const took = await takeStock(sql, line, now, feeTable === null);
        feeTable ??= took.feeTable;
        taken.push({ product: took.product, quantity: line.quantity });
      }
      if (!feeTable) throw new Error("The first take of an order brings the fee table");
      const subtotal = taken.reduce((sum, { product, quantity }) => sum.add(product.price.mul(quantity)), new Prisma.Decimal(0));
      const feeState = details.method === "park" ? details.parkState : details.deliveryState;
      const deliveryFee = new Prisma.Decimal(deliveryFeeFor(feeTable, details.method, feeState, subtotal.toFixed(2)));
      const total = subtotal.add(deliveryFee);
      const customerAddress =
        details.method === "pickup"
          ? config.store.pickupAddress
          : details.method === "park"
            ? parkAddress(details.parkName!, details.parkState!)
            : input.address!.trim();
      const holdExpiresAt = new Date(Date.now() + config.holdHours * 3600_000);
      const items: OrderItem[] = taken.map(({ product, quantity }) => ({
        id: randomUUID(),
        orderId,
        productId: product.id,
        productName: product.name,
        imageUrl: product.imageUrl,
        quantity,
        price: product.price,
        size: product.size,
      }));
      // A provider payment's email waits for the provider's answer (its account or page goes in it).
      const email = (paymentText: string | null) =>
        confirmationEmail(config, details, shortOrderId, { subtotal, deliveryFee, total }, holdExpiresAt, items, customerAddress, paymentText);
      const more = [
        auditEntrySql({
          actor: actorOf(viewer),
          action: "order.placed",
          entityType: "order",
          entityId: orderId,
          orderId,
          after: {
            shortOrderId,
            total: total.toFixed(2),
            deliveryFee: deliveryFee.toFixed(2),
            status: "pending",
            paymentStatus: "awaiting_transfer",
            paymentMethod: details.paymentMethod,
            items: taken.map(({ product, quantity }) => ({ productId: product.id, quantity })),
          },
        }),
      ];
      if (details.paymentMethod === "bank_transfer") more.push(emailSql(email(null)));
      if (viewer) more.push(Prisma.sql`DELETE FROM cart_items WHERE user_id = ${viewer.userId}::uuid`);
      const order: NewOrder = {
        id: orderId,
        shortOrderId,
        userId: viewer?.userId ?? null,
        total,
        deliveryFee,
        customerName: details.name,
        customerEmail: details.email,
        customerPhone: details.phone,
        customerAddress,
        deliveryMethod: details.method,
        deliveryState: details.deliveryState,
        parkState: details.parkState,
        parkName: details.parkName,
        paymentMethod: details.paymentMethod,
        holdExpiresAt,
        idempotencyKey: input.idempotencyKey,
        guestTokenHash: guest?.hash ?? null,
        createdAt: now,
        updatedAt: now,
      };
      const [setByInsert] = await sql<SetByInsert>(insertOrderSql(order, items, more));
      const written: WrittenOrder = {
        ...order,
        ...setByInsert!,
        // In the schema's order of an order's items (graphql/orders.ts): uuids compare as their text.
        items: [...items].sort((a, b) => (a.id < b.id ? -1 : 1)),
        providerPayments: [],
        receipts: [],
      };
      return { email: { build: email, total, holdExpiresAt }, products: sorted.map((line) => line.productId), written };
    }),
  );
  if (details.paymentMethod !== "bank_transfer") {
    const method = details.paymentMethod;
    const opened = await openProviderPayment(
      driver.prisma,
      config,
      { id: orderId, shortOrderId, customerEmail: details.email, amountDue: email.total.toFixed(2), holdExpiresAt: email.holdExpiresAt },
      method,
    );
    await driver.prisma.$transaction(async (tx) => {
      // Paystack unreachable: the order is placed all the same, to be paid by the manual transfer.
      if (opened.kind === "unavailable") await fallBackToManualTransfer(tx, orderId, method, opened.paymentId);
      await queueEmail(tx, email.build(providerPaymentParagraph(opened, formatNaira(email.total.toFixed(2)), config.publicUrl, shortOrderId)));
    });
  }
  return { orderId, guestToken: guest?.token ?? null, products, written: details.paymentMethod === "bank_transfer" ? written : undefined };
}

function confirmationEmail(
  config: Config,
  details: ReturnType<typeof validate>,
  reference: string,
  money: { subtotal: Prisma.Decimal; deliveryFee: Prisma.Decimal; total: Prisma.Decimal },
  holdExpiresAt: Date,
  items: { productName: string; quantity: number; price: Prisma.Decimal }[],
  address: string,
  /** A provider payment's instructions; null: the manual transfer to the shop's account. */
  paymentText: string | null,
) {
  const { store } = config;
  const { total } = money;
  const lines = items.map((i) => `- ${i.productName} × ${i.quantity} @ ${formatNaira(i.price.toString())}`).join("\n");
  return {
    to: details.email,
    subject: `Order ${reference} received: please pay ${formatNaira(total.toFixed(2))}${paymentText ? "" : " by bank transfer"}`,
    body:
      `Hello ${details.name},\n\nThank you for your order ${reference}.\n\n${lines}\n\nItems: ${formatNaira(money.subtotal.toFixed(2))}\n` +
      `Delivery fee: ${money.deliveryFee.isZero() ? "Free" : formatNaira(money.deliveryFee.toFixed(2))}\n` +
      `Total: ${formatNaira(total.toFixed(2))}\n` +
      `Delivery: ${details.method} (${address}${details.deliveryState ? `, ${details.deliveryState}` : ""})\n\n` +
      (paymentText ?? paymentParagraph(store, { shortOrderId: reference, total, amountPaid: "0", holdExpiresAt, status: "pending", paymentStatus: "awaiting_transfer" })) +
      `\n\n` +
      `Track your order: ${config.publicUrl}/track-order/${reference}\n\n${store.name} · ${store.phone}\n`,
  };
}
