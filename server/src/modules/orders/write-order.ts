// The one stock-and-money core every way of selling goes through (DESIGN §6.11, decision 035): the
// web checkout (place-order.service.ts) and the order the owner takes in a DM or at the stall
// (manual-order.service.ts) both write their order here, so a piece is sold once whatever the channel.
//
// How a use case writes an order:
//   1. `checkedDetails(input, config)` once, before anything: the buyer and the delivery as both
//      forms ask for them (same rules, same messages), with the address the order stores.
//   2. `precheck(sql, key, lines, now)` (optional, one plain read): a retry's key, or a sold-out line.
//   3. `inPieceTurns(pieces, stillPossible, () => driver.transaction((sql) => writeOrder(sql, …)))`:
//      checkouts of one piece in this process take turns (piece-turns.ts), and the transaction takes
//      the stock with its guard, prices the lines, reads the fee table, and inserts the order, its
//      items and the use case's own statements (`more`: audit entry, email, cart, message…) in one
//      statement. Its answer is the order as written (`WrittenOrder`), needing no read back.
//      An order of one piece without a code may first try `writeOrderAtOnce`, priced from a
//      precheck `forWriting` (or what earlier ones read: `rememberedRead`, step 2 skipped): the
//      take and the insert in one statement, no transaction around it.
//   4. `withFreshShortId(attempt)`: retries the rare short-id collision.
// Every order starts unpaid and holds its pieces until `holdExpiresAt` (holds.service.ts expires it
// and returns them); money comes in through payments/money.ts (decision 034), which marks it paid.
// Round trips matter: checkouts of a piece take turns, and each round trip of a turn waits for the
// busy event loop (decision 026, addenda of 28 and 29 Nov 2026): the hot path is two statements on
// the driver, one once the piece and the fees have been read. `writeOrder` also runs inside a Prisma
// transaction (`sqlInPrisma`) for a use case that must share one with Prisma's writes (money in).
import { randomUUID } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Db, InTransaction, SqlRunner } from "../../db/database.ts";
import { Prisma, type Claim, type Order, type OrderItem, type PaymentReceipt, type ProviderPayment } from "../../generated/prisma/client.ts";
import { checkoutDetailsErrors, parkAddress } from "../../../../common/checkout.ts";
import type { DeliveryMethodName } from "../../../../common/delivery-methods.ts";
import { normalizeNigerianPhone } from "../../../../common/phone.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { canonicalState } from "../../../../common/states.ts";
import { deliveryFeeFor, type DeliveryFeeTable } from "../../../../common/delivery.ts";
import type { PaymentMethodName } from "../../../../common/payment-methods.ts";
import type { SaleChannelName } from "../../../../common/sale-channels.ts";
import { besideFeeTable, feeTableStill, type ReadFeeTable } from "../delivery/delivery-fees.service.ts";
import { InsufficientStockError, NotFoundError, ValidationError } from "../errors.ts";
import type { EmailMessage } from "../../mail/outbox.ts";
import type { GuestCartLine } from "../cart/cart.service.ts";
import { paymentParagraph } from "../payments/emails.ts";
import { isVisibleAt, NOT_LIVE_YET, visibleNowSql } from "../catalog/visibility.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { pieceTurns } from "./piece-turns.ts";
import { useDiscountCode } from "../offers/discount-codes.service.ts";
import { readableCode } from "./readable-codes.ts";
import { placedOrderMessagesSql } from "../messages/order-messages.ts";

export const EMPTY_CART = "Your cart is empty";

/** The database as an order is written: Prisma for what is rare (a retry, a provider payment),
 *  the driver for the hot path. */
export interface Driver {
  prisma: Db;
  sql: SqlRunner;
  transaction: InTransaction;
}

/** 8 characters of Crockford base32 (40 random bits): easy to read out over the phone. */
export function newShortOrderId(): string {
  return readableCode(8);
}

/** The buyer and the delivery, checked, as the order stores them. */
export interface OrderDetails {
  name: string;
  /** Null when the buyer gave none (an order taken in a DM): no email is sent. */
  email: string | null;
  phone: string;
  method: DeliveryMethodName;
  deliveryState: string | null;
  parkState: string | null;
  parkName: string | null;
  /** What the order stores as its address: the doorstep's, the park's, or the shop's pickup address. */
  address: string;
}

export interface DetailsInput {
  fullName: string;
  email?: string | null;
  phone: string;
  deliveryMethod: string;
  address?: string | null;
  parkState?: string | null;
  parkName?: string | null;
  /** Doorstep delivery: the state (required), for its delivery fee; the order records it. */
  deliveryState?: string | null;
}

/** The checkout's rules and messages for the buyer and the delivery (common/checkout.ts). With
 *  `emailOptional`, a blank email is allowed (a DM buyer may have none); a given one must be valid. */
export function checkedDetails(input: DetailsInput, config: Config, emailOptional = false): OrderDetails {
  const email = (input.email ?? "").trim().toLowerCase();
  const errors = checkoutDetailsErrors({ ...input, email }).filter((e) => !(emailOptional && !email && e.field === "email"));
  const first = errors[0];
  if (first) throw new ValidationError(first.message, first.field);
  const method = input.deliveryMethod as DeliveryMethodName;
  const parkState = method === "park" ? input.parkState!.trim() : null;
  const parkName = method === "park" ? input.parkName!.trim() : null;
  return {
    name: input.fullName.trim(),
    email: email || null,
    phone: normalizeNigerianPhone(input.phone)!,
    method,
    // checkoutDetailsErrors required a known state for doorstep delivery.
    deliveryState: method === "doorstep" ? canonicalState(input.deliveryState!) : null,
    parkState,
    parkName,
    address: method === "pickup" ? config.store.pickupAddress : method === "park" ? parkAddress(parkName!, parkState!) : input.address!.trim(),
  };
}

/** What the precheck tells an order before its transaction. */
export interface Prechecked {
  retried: boolean;
  soldOut: InsufficientStockError | null;
  /** The products on sale as they were read, and (`forWriting`) the fee table beside them: what
   *  writeOrderAtOnce prices an order from. */
  products: TakenProduct[];
  feeTable: ReadFeeTable | null;
}

type PrecheckRow = { kind: "order" | "product" } & TakenProduct;

/**
 * What an order can know before any transaction, in one indexed read on the driver (no Prisma,
 * no row lock): whether an order already carries its key (a retry), and any line asking for more
 * than a product on sale has, as committed now. On a drop most checkouts are for pieces already
 * sold: this answers them "out of stock" with one statement. Only ever a refusal the transaction
 * would give too (the stock never comes back by itself while we answer); an answer that passes
 * proves nothing, and the transaction still decides.
 */
export async function precheck(sql: SqlRunner, key: string | null, lines: GuestCartLine[], now: Date, forWriting = false): Promise<Prechecked> {
  const { rows, feeTable } = await readPrecheck(sql, key === null ? [] : [key], lines, now, forWriting);
  return { ...judged(rows, key, lines), feeTable };
}

/** The precheck's rows for these keys and lines, and (`forWriting`) the fee table beside them. */
function readPrecheck(sql: SqlRunner, keys: string[], lines: GuestCartLine[], now: Date, forWriting: boolean): Promise<{ rows: PrecheckRow[]; feeTable: ReadFeeTable | null }> {
  const statement = precheckSql(keys, lines, now);
  return forWriting ? besideFeeTable<PrecheckRow>(sql, statement) : sql<PrecheckRow>(statement).then((rows) => ({ rows, feeTable: null }));
}

/**
 * The precheck of checkouts that arrive together, one read for all of them: each call waits for the
 * rest of this turn of the event loop, and the checkouts that came in it go in one statement (at
 * most PRECHECKS_TOGETHER), with the fee table beside it when one of them writes at once. One per
 * database (by its runner), shared by a drop's flood of refusals (graphql/sold-out-answers.ts) and
 * placeOrder's own prechecks: on a saturated store each statement holds a pooled connection until
 * the event loop comes round, so the pool, not PostgreSQL, set the pace of a drop's sales
 * (decision 026, addendum of 28 Nov 2026 night).
 */
export function precheckTogether(sql: SqlRunner): PrecheckTogether {
  let together = batchers.get(sql);
  if (!together) batchers.set(sql, (together = batcher(sql)));
  return together;
}

export type PrecheckTogether = (key: string | null, lines: GuestCartLine[], forWriting?: boolean) => Promise<Prechecked>;

const batchers = new WeakMap<SqlRunner, PrecheckTogether>();

function batcher(sql: SqlRunner): PrecheckTogether {
  let waiting: { key: string | null; lines: GuestCartLine[]; forWriting: boolean; settle(result: Prechecked): void; fail(error: unknown): void }[] = [];
  const read = async () => {
    const batch = waiting.splice(0, PRECHECKS_TOGETHER);
    if (waiting.length) setImmediate(read);
    try {
      const keys = batch.flatMap((one) => (one.key === null ? [] : [one.key]));
      const { rows, feeTable } = await readPrecheck(sql, keys, batch.flatMap((one) => one.lines), new Date(), batch.some((one) => one.forWriting));
      if (feeTable) remember(sql, rows, feeTable);
      for (const one of batch) one.settle({ ...judged(rows, one.key, one.lines), feeTable: one.forWriting ? feeTable : null });
    } catch (error) {
      for (const one of batch) one.fail(error);
    }
  };
  return (key, lines, forWriting = false) =>
    new Promise((settle, fail) => {
      if (!waiting.length) setImmediate(read);
      waiting.push({ key, lines, forWriting, settle, fail });
    });
}

const PRECHECKS_TOGETHER = 100;

/** Per database: the product rows and the fee table the last prechecks `forWriting` read. */
interface Remembered {
  products: Map<string, TakenProduct>;
  feeTable: ReadFeeTable | null;
}

const rememberedReads = new WeakMap<SqlRunner, Remembered>();
/** Products remembered at most; past this the memory starts again (a shop's drop is hundreds). */
const REMEMBERED_PRODUCTS = 10_000;

function rememberedOf(sql: SqlRunner): Remembered {
  let remembered = rememberedReads.get(sql);
  if (!remembered) rememberedReads.set(sql, (remembered = { products: new Map(), feeTable: null }));
  return remembered;
}

function remember(sql: SqlRunner, rows: PrecheckRow[], feeTable: ReadFeeTable): void {
  const remembered = rememberedOf(sql);
  if (remembered.products.size >= REMEMBERED_PRODUCTS) remembered.products.clear();
  for (const { kind, ...product } of rows) if (kind === "product") remembered.products.set(product.id, product);
  remembered.feeTable = feeTable;
}

/**
 * A guest's one piece priced from what earlier prechecks read (the product and the fee table),
 * without a read of its own: null unless both are remembered and the piece had enough left then.
 * Only for writeOrderAtOnce, whose statement checks that each is still so (and takes nothing
 * otherwise): on a steady night each order is then one statement, not two. No retry is known
 * from it: a retried key meets the unique index, and placeOrder returns the order it names.
 */
export function rememberedRead(sql: SqlRunner, line: GuestCartLine): Prechecked | null {
  const remembered = rememberedReads.get(sql);
  const product = remembered?.products.get(line.productId);
  if (!remembered?.feeTable || !product || product.stock < line.quantity) return null;
  return { retried: false, soldOut: null, products: [product], feeTable: remembered.feeTable };
}

/** After writeOrderAtOnce: the stock it left, or (null) nothing remembered of the product or the
 *  fee table, one of which changed: the next order of it reads them again. */
function rememberWrite(sql: SqlRunner, productId: string, stockLeft: StockLeft[] | null): void {
  const remembered = rememberedReads.get(sql);
  if (!remembered) return;
  const product = remembered.products.get(productId);
  const left = stockLeft?.find((row) => row.id === productId);
  if (product && left) remembered.products.set(productId, { ...product, stock: left.stock });
  else {
    remembered.products.delete(productId);
    remembered.feeTable = null;
  }
}

/** One statement whatever the number of keys and lines (arrays), so it is prepared once. */
function precheckSql(keys: string[], lines: GuestCartLine[], now: Date): Prisma.Sql {
  const ids = [...new Set(lines.map((line) => line.productId))];
  return Prisma.sql`
    SELECT 'order' AS kind, o.idempotency_key AS id, '' AS name, NULL::numeric AS price, NULL AS "imageUrl", NULL AS size, 0 AS stock, NULL::timestamptz AS "goesLiveAt"
      FROM orders o WHERE o.idempotency_key = ANY(${keys}::text[])
    UNION ALL SELECT 'product', ${TAKEN_COLUMNS} FROM products p WHERE p.id = ANY(${ids}::uuid[]) AND ${visibleNowSql(now)}`;
}

function judged(rows: PrecheckRow[], key: string | null, lines: GuestCartLine[]): Omit<Prechecked, "feeTable"> {
  let soldOut: InsufficientStockError | null = null;
  for (const line of lines) {
    const row = rows.find((r) => r.kind === "product" && r.id === line.productId);
    if (row && row.stock < line.quantity) {
      soldOut = new InsufficientStockError(row.id, row.name, row.stock);
      break;
    }
  }
  const products = rows.filter((r) => r.kind === "product").map(({ kind: _, ...product }) => product);
  return { retried: key !== null && rows.some((r) => r.kind === "order" && r.id === key), soldOut, products };
}

/** One per process, for every channel: orders of the same piece wait for each other here, not on
 *  its row lock (piece-turns.ts). A web checkout and a manual order of one piece queue together. */
const turns = pieceTurns();

/** Runs `transaction` once no other order of this process is taking any of `pieces`; while they
 *  are taken, `stillPossible` (a plain read) may answer "sold out" instead of queueing. */
export function inPieceTurns<T>(pieces: readonly string[], stillPossible: () => Promise<void>, transaction: () => Promise<T>): Promise<T> {
  return turns.run(pieces, stillPossible, transaction);
}

/** Calls `write` again with a fresh short id when one collides (1 in a trillion). */
export async function withFreshShortId<T>(write: (shortOrderId: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(newShortOrderId());
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, "short_order_id")) continue;
      throw error;
    }
  }
}

/** An order at its commit, with its relations then: its items, no provider payment, no receipt. */
export type WrittenOrder = Order & { items: OrderItem[]; providerPayments: ProviderPayment[]; receipts: PaymentReceipt[]; claims: Claim[] };

/** What the insert decides rather than the order row: its number, its starting statuses and the
 *  columns a new order leaves to their defaults (returned by it, so never restated here). Every
 *  order starts unpaid: money comes in through payments/money.ts, whatever the channel. */
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
  | "paymentRemindedAt"
  | "balanceSince"
>;

/** An order's row as it is written; the insert decides the rest (SetByInsert). */
type NewOrder = Omit<Order, keyof SetByInsert>;

/** What a use case decides about its order; the core decides the lines, the money and the hold. */
export interface OrderDraft {
  id: string;
  shortOrderId: string;
  now: Date;
  channel: SaleChannelName;
  userId: string | null;
  details: OrderDetails;
  paymentMethod: PaymentMethodName;
  /** How long the order holds its pieces while unpaid. */
  holdHours: number;
  note: string | null;
  idempotencyKey: string | null;
  guestTokenHash: string | null;
  /** A discount code as the shopper typed it (the web checkout); null for none. */
  discountCode?: string | null;
  /** The buyer's consent to order updates on WhatsApp (or SMS): messages/outbox.ts. */
  whatsappUpdates: boolean;
}

/** The order as priced in its transaction, for the use case's own statements (`more`). */
export interface PricedOrder {
  subtotal: Prisma.Decimal;
  /** The code the order used (capitals) and what it took off the items (0 for none). */
  discountCode: string | null;
  discount: Prisma.Decimal;
  deliveryFee: Prisma.Decimal;
  total: Prisma.Decimal;
  holdExpiresAt: Date;
  items: OrderItem[];
  /** The products taken, in lock order (their stock changed). */
  products: string[];
}

/** A product's stock as an order's commit left it (the take's RETURNING): the stock board takes it
 *  without a read of its own (decision 026, addendum of 29 Nov 2026). */
export interface StockLeft {
  id: string;
  stock: number;
  /** The count of the product's stock changes, this one included (products.stock_version). */
  version: number;
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

/** A product's columns as an order line takes them (TakenProduct). */
const TAKEN_COLUMNS = Prisma.sql`p.id::text AS id, p.name, p.price, p.image_url AS "imageUrl", p.size, p.stock, p.goes_live_at AS "goesLiveAt"`;

/**
 * The guard: take `quantity` of the product only if it is there and on sale now (a drop not yet
 * live cannot be bought: visibility.ts). Concurrent orders queue on the row lock and re-check the
 * condition, so the last piece is sold exactly once, whichever channel asks. When nothing was
 * taken, the product as it is says why (gone, not live yet, not enough left). An order's first
 * take also brings the fee table, in the same statement: no round trip of its own.
 */
export async function takeStock(
  sql: SqlRunner,
  line: GuestCartLine,
  now: Date,
  withFeeTable: boolean,
): Promise<{ product: TakenProduct & { stockVersion: number }; feeTable: DeliveryFeeTable | null }> {
  const take = Prisma.sql`
    UPDATE products p SET stock = p.stock - ${line.quantity}, updated_at = ${now}
    WHERE p.id = ${line.productId}::uuid AND p.stock >= ${line.quantity} AND ${visibleNowSql(now)}
    RETURNING ${TAKEN_COLUMNS}, p.stock_version AS "stockVersion"`;
  type Taken = TakenProduct & { stockVersion: number };
  const { rows: [taken], feeTable } = withFeeTable ? await besideFeeTable<Taken>(sql, take) : { rows: await sql<Taken>(take), feeTable: null };
  if (taken) return { product: taken, feeTable: feeTable?.table ?? null };
  const [product] = await sql<TakenProduct>(Prisma.sql`SELECT ${TAKEN_COLUMNS} FROM products p WHERE p.id = ${line.productId}::uuid`);
  if (!product) throw new NotFoundError("A product in your cart is no longer available. Please remove it and try again.");
  if (!isVisibleAt(product, now)) throw new ValidationError(NOT_LIVE_YET, "items");
  throw new InsufficientStockError(product.id, product.name, product.stock);
}

/** An order's lines from the pieces taken, at the prices they were taken at (their name, picture
 *  and size then); `addedAt` for pieces added after placing (a bundle), else null. */
export function orderLines(orderId: string, taken: { product: TakenProduct; quantity: number }[], addedAt: Date | null): OrderItem[] {
  return taken.map(({ product, quantity }) => ({
    id: randomUUID(),
    orderId,
    productId: product.id,
    productName: product.name,
    imageUrl: product.imageUrl,
    quantity,
    price: product.price,
    size: product.size,
    addedAt,
  }));
}

/** The order, its items and whatever else `more` holds, in one statement: data-modifying WITH
 *  clauses. Their foreign keys are checked at its end. With `taken` (a statement taking the
 *  stock, returning a row per line it took), the order is inserted only if every line was taken:
 *  otherwise its items have no order, a foreign key fails the statement, and nothing of it is
 *  written (writeOrderAtOnce). Every value is cast, as an INSERT … SELECT does not type them. */
function insertOrderSql(order: NewOrder, items: OrderItem[], more: Prisma.Sql[], taken: { statement: Prisma.Sql; lines: number } | null): Prisma.Sql {
  const itemRows = items.map(
    (item) =>
      Prisma.sql`(${item.id}::uuid, ${item.orderId}::uuid, ${item.productId}::uuid, ${item.productName}, ${item.imageUrl}, ${item.quantity}::int, ${item.price}::numeric, ${item.size})`,
  );
  const clauses = more.map((statement, index) => Prisma.sql`, ${Prisma.raw(`more${index}`)} AS (${statement})`);
  return Prisma.sql`
    WITH ${taken ? Prisma.sql`taken AS (${taken.statement}), ` : Prisma.empty}new_order AS (
      INSERT INTO orders (id, short_order_id, user_id, total, delivery_fee, discount_code, discount, customer_name, customer_email, customer_phone, customer_address,
        delivery_method, delivery_state, park_state, park_name, payment_method, channel, note, status, payment_status, hold_expires_at,
        idempotency_key, guest_token_hash, whatsapp_updates, created_at, updated_at)
      SELECT ${order.id}::uuid, ${order.shortOrderId}::text, ${order.userId}::uuid, ${order.total}::numeric, ${order.deliveryFee}::numeric,
        ${order.discountCode}::text, ${order.discount}::numeric,
        ${order.customerName}::text, ${order.customerEmail}::text, ${order.customerPhone}::text, ${order.customerAddress}::text,
        ${order.deliveryMethod}::"DeliveryMethod", ${order.deliveryState}::text, ${order.parkState}::text, ${order.parkName}::text, ${order.paymentMethod}::"PaymentMethod",
        ${order.channel}::"SaleChannel", ${order.note}::text, 'pending', 'awaiting_transfer', ${order.holdExpiresAt}::timestamptz, ${order.idempotencyKey}::text,
        ${order.guestTokenHash}::text, ${order.whatsappUpdates}::boolean, ${order.createdAt}::timestamptz, ${order.updatedAt}::timestamptz
      ${taken ? Prisma.sql`WHERE (SELECT count(*) FROM taken) = ${taken.lines}` : Prisma.empty}
      RETURNING order_number AS "orderNumber", status, payment_status AS "paymentStatus", hold_extended AS "holdExtended", paid_at AS "paidAt",
        bank_reference AS "bankReference", rejection_reason AS "rejectionReason", tracking_number AS "trackingNumber", tracking_status AS "trackingStatus",
        tracking_updated_at AS "trackingUpdatedAt", transport_company AS "transportCompany", waybill_number AS "waybillNumber", driver_phone AS "driverPhone",
        amount_paid AS "amountPaid", payment_reminded_at AS "paymentRemindedAt", balance_since AS "balanceSince"
    ), new_items AS (
      INSERT INTO order_items (id, order_id, product_id, product_name, image_url, quantity, price, size) VALUES ${Prisma.join(itemRows)}
    )${Prisma.join(clauses, "")}
    SELECT new_order.*${taken ? Prisma.sql`, (SELECT json_agg(taken) FROM taken) AS "stockLeft"` : Prisma.empty} FROM new_order`;
}

/**
 * Inside the caller's transaction: takes the stock of `lines` (in a fixed lock order, so two
 * multi-piece orders never deadlock), prices them from the database, charges the owner's current
 * delivery fee, and writes the order with `more(priced)`'s statements. Throws, writing nothing,
 * when a piece is gone, not live yet, or short.
 */
export async function writeOrder(
  sql: SqlRunner,
  draft: OrderDraft,
  lines: GuestCartLine[],
  more: (priced: PricedOrder) => Prisma.Sql[],
): Promise<{ written: WrittenOrder; priced: PricedOrder; stockLeft: StockLeft[] }> {
  if (!lines.length) throw new ValidationError(EMPTY_CART, "items");
  const sorted = [...lines].sort((a, b) => a.productId.localeCompare(b.productId));
  const taken: { product: TakenProduct & { stockVersion: number }; quantity: number }[] = [];
  // The fee is read here, in the order's transaction, from the owner's current table; a client's
  // own figure is never asked for. The order keeps it, so later changes never touch it.
  let feeTable: DeliveryFeeTable | null = null;
  for (const line of sorted) {
    const took = await takeStock(sql, line, draft.now, feeTable === null);
    feeTable ??= took.feeTable;
    taken.push({ product: took.product, quantity: line.quantity });
  }
  if (!feeTable) throw new Error("The first take of an order brings the fee table");
  const subtotal = subtotalOf(taken);
  // A code is counted here, in the order's transaction, only when one is given (modules/offers);
  // it comes off the items, and free delivery is judged on what is left. The fee is untouched.
  const code = draft.discountCode ? await useDiscountCode(sql, draft.discountCode, draft.details.phone, subtotal.toFixed(2), draft.now) : null;
  const { order, priced } = orderOf(draft, taken, feeTable, code);
  const [setByInsert] = await sql<SetByInsert>(insertOrderSql(order, priced.items, more(priced), null));
  // The take's RETURNING is the row as it commits: the row lock keeps it until then.
  return { written: writtenOf(order, setByInsert!, priced), priced, stockLeft: taken.map(({ product }) => ({ id: product.id, stock: product.stock, version: product.stockVersion })) };
}

/**
 * An order of one piece, without a code, in one statement and no transaction around it: the
 * guarded take and the insert together (insertOrderSql's `taken`), priced from the product and
 * the fee table as a precheck `forWriting` read them (moments before, or remembered from an
 * earlier one: rememberedRead). The take also requires both to be still as they were read (the
 * product's price, name, picture and size; the whole fee table), so the order is what the buyer
 * is charged for. Null, having written nothing, when they were not: the piece went meanwhile, is
 * not on sale, or changed, or the fees did; writeOrder's transaction then decides and says why.
 * Saves a checkout three of its five round trips (BEGIN, a statement, COMMIT).
 */
export async function writeOrderAtOnce(
  sql: SqlRunner,
  draft: OrderDraft,
  line: GuestCartLine,
  read: Pick<Prechecked, "products" | "feeTable">,
  more: (priced: PricedOrder) => Prisma.Sql[],
): Promise<{ written: WrittenOrder; priced: PricedOrder; stockLeft: StockLeft[] } | null> {
  const product = read.products.find((p) => p.id === line.productId);
  if (!product || !read.feeTable || draft.discountCode) return null;
  const { order, priced } = orderOf(draft, [{ product, quantity: line.quantity }], read.feeTable.table, null);
  const take = Prisma.sql`
    UPDATE products p SET stock = p.stock - ${line.quantity}, updated_at = ${draft.now}
    WHERE p.id = ${product.id}::uuid AND p.stock >= ${line.quantity} AND ${visibleNowSql(draft.now)}
      AND p.price = ${product.price}::numeric AND p.name = ${product.name} AND p.image_url IS NOT DISTINCT FROM ${product.imageUrl}::text
      AND p.size IS NOT DISTINCT FROM ${product.size}::text AND ${feeTableStill(read.feeTable)}
    RETURNING p.id::text AS id, p.stock, p.stock_version AS version`;
  try {
    const [row] = await sql<SetByInsert & { stockLeft: StockLeft[] }>(insertOrderSql(order, priced.items, more(priced), { statement: take, lines: 1 }));
    const { stockLeft, ...setByInsert } = row!;
    rememberWrite(sql, product.id, stockLeft);
    return { written: writtenOf(order, setByInsert, priced), priced, stockLeft };
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    rememberWrite(sql, product.id, null);
    return null;
  }
}

/** A foreign key failed the statement: its order was not inserted (a line was not taken), so its
 *  items, audit entry or messages had no order (whichever PostgreSQL checked first), or a row it
 *  names went meanwhile. Either way nothing was written, and the transaction's path decides. */
function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23503";
}

function subtotalOf(taken: { product: TakenProduct; quantity: number }[]): Prisma.Decimal {
  return taken.reduce((sum, { product, quantity }) => sum.add(product.price.mul(quantity)), new Prisma.Decimal(0));
}

/** The order's row and its money from the pieces taken, the fee table and the code used. */
function orderOf(
  draft: OrderDraft,
  taken: { product: TakenProduct; quantity: number }[],
  feeTable: DeliveryFeeTable,
  code: { code: string; discount: string } | null,
): { order: NewOrder; priced: PricedOrder } {
  const { details, now } = draft;
  const subtotal = subtotalOf(taken);
  const discount = new Prisma.Decimal(code?.discount ?? 0);
  const afterDiscount = subtotal.sub(discount);
  const feeState = details.method === "park" ? details.parkState : details.deliveryState;
  const deliveryFee = new Prisma.Decimal(deliveryFeeFor(feeTable, details.method, feeState, afterDiscount.toFixed(2)));
  const priced: PricedOrder = {
    subtotal,
    discountCode: code?.code ?? null,
    discount,
    deliveryFee,
    total: afterDiscount.add(deliveryFee),
    holdExpiresAt: new Date(now.getTime() + draft.holdHours * 3600_000),
    items: orderLines(draft.id, taken, null),
    products: taken.map(({ product }) => product.id),
  };
  const order: NewOrder = {
    id: draft.id,
    shortOrderId: draft.shortOrderId,
    userId: draft.userId,
    total: priced.total,
    deliveryFee,
    discountCode: priced.discountCode,
    discount,
    customerName: details.name,
    customerEmail: details.email,
    customerPhone: details.phone,
    customerAddress: details.address,
    deliveryMethod: details.method,
    deliveryState: details.deliveryState,
    parkState: details.parkState,
    parkName: details.parkName,
    paymentMethod: draft.paymentMethod,
    channel: draft.channel,
    note: draft.note,
    holdExpiresAt: priced.holdExpiresAt,
    idempotencyKey: draft.idempotencyKey,
    guestTokenHash: draft.guestTokenHash,
    whatsappUpdates: draft.whatsappUpdates,
    createdAt: now,
    updatedAt: now,
  };
  return { order, priced };
}

function writtenOf(order: NewOrder, setByInsert: SetByInsert, priced: PricedOrder): WrittenOrder {
  return {
    ...order,
    ...setByInsert,
    // In the schema's order of an order's items (graphql/orders.ts): uuids compare as their text.
    items: [...priced.items].sort((a, b) => (a.id < b.id ? -1 : 1)),
    providerPayments: [],
    receipts: [],
    claims: [],
  };
}

/** What the "order.placed" audit entry says of any new order, whatever its channel; each use case
 *  adds its own facts (the channel, the payment method, the discount). */
export function placedAuditFacts(order: Pick<OrderDraft, "shortOrderId">, priced: PricedOrder) {
  return {
    shortOrderId: order.shortOrderId,
    total: priced.total.toFixed(2),
    deliveryFee: priced.deliveryFee.toFixed(2),
    status: "pending",
    paymentStatus: "awaiting_transfer",
    items: priced.items.map(({ productId, quantity }) => ({ productId, quantity })),
  };
}

/** A new order's WhatsApp/SMS messages (messages/order-messages.ts), for its statement: the buyer
 *  and the money as the draft and the pricing have them. `askPayment`: unless paid as it was taken. */
export function placedMessagesSql(config: Config, order: OrderDraft, priced: PricedOrder, askPayment = true): Prisma.Sql[] {
  return placedOrderMessagesSql(config, { ...order, customerName: order.details.name, customerPhone: order.details.phone, total: priced.total.toFixed(2) }, askPayment);
}

/** The "order received" email: the pieces, the money, the delivery and how to pay (the shop's
 *  account unless `paymentText` gives a provider's instructions). Only for a buyer with an email. */
export function orderReceivedEmail(
  config: Config,
  details: OrderDetails & { email: string },
  reference: string,
  priced: Pick<PricedOrder, "subtotal" | "discountCode" | "discount" | "deliveryFee" | "total" | "holdExpiresAt" | "items">,
  paymentText: string | null,
): EmailMessage & { to: string } {
  const { store } = config;
  const { total } = priced;
  const lines = priced.items.map((i) => `- ${i.productName} × ${i.quantity} @ ${formatNaira(i.price.toString())}`).join("\n");
  return {
    to: details.email,
    subject: `Order ${reference} received: please pay ${formatNaira(total.toFixed(2))}${paymentText ? "" : " by bank transfer"}`,
    body:
      `Hello ${details.name},\n\nThank you for your order ${reference}.\n\n${lines}\n\nItems: ${formatNaira(priced.subtotal.toFixed(2))}\n` +
      (priced.discount.isZero() ? "" : `Discount (${priced.discountCode}): −${formatNaira(priced.discount.toFixed(2))}\n`) +
      `Delivery fee: ${priced.deliveryFee.isZero() ? "Free" : formatNaira(priced.deliveryFee.toFixed(2))}\n` +
      `Total: ${formatNaira(total.toFixed(2))}\n` +
      `Delivery: ${details.method} (${details.address}${details.deliveryState ? `, ${details.deliveryState}` : ""})\n\n` +
      (paymentText ??
        paymentParagraph(store, { shortOrderId: reference, total, amountPaid: "0", holdExpiresAt: priced.holdExpiresAt, status: "pending", paymentStatus: "awaiting_transfer" })) +
      `\n\n` +
      `Track your order: ${config.publicUrl}/track-order/${reference}\n\n${store.name} · ${store.phone}\n`,
  };
}
