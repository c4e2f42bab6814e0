// Holds: stock taken at order time stays reserved until the order is paid or its hold expires.
// Expiry cancels the order, returns its stock, emails the shopper and is audited: exactly once,
// even when several server instances run the job at the same moment.
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db, SqlRunner } from "../../db/database.ts";
import type { Config } from "../../config.ts";
import { queueEmail } from "../../mail/outbox.ts";
import { recordAudit, SYSTEM_ACTOR } from "../audit/audit.service.ts";
import { additionsReleasedEmail, orderExpiredEmail } from "./emails.ts";
import { closeBalance } from "./money.ts";
import { returnStock } from "../orders/order-status.service.ts";
import { IN_THE_SHOP_SQL, onHoldSql, UNPAID, UNPAID_SQL } from "./rules.ts";
import { LOCKED_ORDER_COLUMNS, lockedOrderForEmail, type LockedOrderRow } from "./locked-order.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";

/** Orders expired per transaction; the job loops until none are left. */
const EXPIRY_BATCH = 50;

/**
 * A Paystack one-time account closes when the hold ends, and a transfer sent in its last minutes is
 * confirmed minutes later: an order with such an account still pending waits this long past the
 * account's end before it expires, so money sent in time finds its order open (reconciliation and
 * the webhook settle it meanwhile) instead of arriving "late" to a cancelled order.
 */
export const TRANSFER_LANDING_MS = 15 * 60_000;

interface ExpiringOrder extends LockedOrderRow {
  hold_expires_at: Date;
  /** A claim already put its pieces back on sale (orders/order-status.ts holdsStock): none to return. */
  restocked: boolean;
}

/** Expires one batch of overdue unpaid orders; returns the short ids it expired. */
export async function expireOverdueBatch(prisma: Db, config: Config, now: Date, batch = EXPIRY_BATCH): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    // SKIP LOCKED: a concurrent run skips rows this one holds; once we commit, the WHERE no longer
    // matches them, so each order is expired (and its stock returned) by exactly one run.
    const due = await tx.$queryRaw<ExpiringOrder[]>`
      SELECT ${LOCKED_ORDER_COLUMNS}, hold_expires_at,
        EXISTS (SELECT 1 FROM claims c WHERE c.order_id = orders.id AND c.restocked_at IS NOT NULL) AS restocked
      FROM orders
      WHERE payment_status IN (${UNPAID_SQL}) AND status = 'pending' AND hold_expires_at <= ${now} AND balance_since IS NULL
        AND NOT ${accountStillLanding(now)}
      ORDER BY hold_expires_at
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED`;
    if (!due.length) return [];
    const ids = due.map((o) => o.id);
    const { count } = await tx.order.updateMany({
      where: { id: { in: ids }, paymentStatus: { in: UNPAID }, status: "pending" },
      data: { status: "cancelled", paymentStatus: "expired" },
    });
    if (count !== ids.length) throw new Error(`Hold expiry matched ${count} of ${ids.length} locked orders`);
    const items = await tx.orderItem.findMany({
      where: { orderId: { in: due.filter((o) => !o.restocked).map((o) => o.id) }, productId: { not: null } },
      select: { orderId: true, productId: true, quantity: true },
    });
    const perProduct = new Map<string, number>();
    for (const item of items) perProduct.set(item.productId!, (perProduct.get(item.productId!) ?? 0) + item.quantity);
    if (perProduct.size) {
      const rows = [...perProduct].map(([productId, quantity]) => Prisma.sql`(${productId}::uuid, ${quantity}::int)`);
      await tx.$executeRaw`
        UPDATE products AS p SET stock = p.stock + r.quantity, updated_at = ${now}
        FROM (VALUES ${Prisma.join(rows)}) AS r(product_id, quantity)
        WHERE p.id = r.product_id`;
    }
    for (const order of due) {
      const returned = items.filter((i) => i.orderId === order.id).map((i) => ({ productId: i.productId, quantity: i.quantity }));
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: "order.expired",
        entityType: "order",
        entityId: order.id,
        orderId: order.id,
        before: { status: order.status, paymentStatus: order.payment_status },
        after: { status: "cancelled", paymentStatus: "expired", stockReturned: returned },
        reason: `No payment confirmed before the hold ended on ${formatLagosTime(order.hold_expires_at)}`,
      });
      await queueEmail(tx, orderExpiredEmail(config.publicUrl, { ...lockedOrderForEmail(order), amountPaid: order.amount_paid }));
    }
    return due.map((o) => o.short_order_id);
  });
}

/** A Paystack one-time account still open for the order, or closed less than TRANSFER_LANDING_MS ago. */
function accountStillLanding(now: Date): Prisma.Sql {
  return Prisma.sql`EXISTS (
    SELECT 1 FROM payments pp
    WHERE pp.order_id = orders.id AND pp.status = 'pending' AND pp.account_number IS NOT NULL
      AND pp.account_expires_at > ${new Date(now.getTime() - TRANSFER_LANDING_MS)})`;
}

interface OverdueBalance extends LockedOrderRow {
  balance_since: Date;
  hold_expires_at: Date;
}

/**
 * Paid orders that grew and whose balance was not paid before their hold ended (decision 037): the
 * pieces added since the order reopened (order_items.added_at ≥ balance_since) go back on sale and
 * come off the order, its total shrinks by them, and it goes ahead paid with the money it holds
 * (money.ts closeBalance; part of the balance paid is then held for a refund, amountOverpaid). The
 * shopper is emailed and the release audited, once per order however many instances run the job.
 */
export async function releaseUnpaidAdditionsBatch(prisma: Db, config: Config, now: Date, batch = EXPIRY_BATCH): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const due = await tx.$queryRaw<OverdueBalance[]>`
      SELECT ${LOCKED_ORDER_COLUMNS}, balance_since, hold_expires_at FROM orders
      WHERE payment_status IN (${UNPAID_SQL}) AND status IN (${IN_THE_SHOP_SQL})
        AND balance_since IS NOT NULL
        AND hold_expires_at <= ${now} AND NOT ${accountStillLanding(now)}
      ORDER BY hold_expires_at
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED`;
    for (const order of due) {
      const added = await tx.orderItem.findMany({
        where: { orderId: order.id, addedAt: { gte: order.balance_since } },
        select: { id: true, productId: true, productName: true, quantity: true, price: true },
      });
      const value = added.reduce((sum, item) => sum.add(item.price.mul(item.quantity)), new Prisma.Decimal(0));
      await returnStock(tx, added);
      await tx.orderItem.deleteMany({ where: { id: { in: added.map((item) => item.id) } } });
      const shrunk = await tx.order.update({ where: { id: order.id }, data: { total: { decrement: value }, balanceSince: null, holdExpiresAt: null }, select: { total: true } });
      const paid = await closeBalance(tx, order.id, now);
      const released = added.map((item) => ({ productId: item.productId, productName: item.productName, quantity: item.quantity, price: item.price.toFixed(2) }));
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: "order.additions_released",
        entityType: "order",
        entityId: order.id,
        orderId: order.id,
        before: { total: order.total, paymentStatus: order.payment_status },
        after: { total: shrunk.total.toFixed(2), paymentStatus: paid ? "paid" : order.payment_status, stockReturned: released },
        reason: `The balance was not paid before the hold ended on ${formatLagosTime(order.hold_expires_at)}`,
      });
      await queueEmail(tx, additionsReleasedEmail(config.publicUrl, lockedOrderForEmail(order), released, paid));
    }
    return due.map((o) => o.short_order_id);
  });
}

/** Expires every overdue unpaid order, and releases every overdue balance's additions, batch by batch. */
export async function expireOverdueOrders(prisma: Db, config: Config, now: Date): Promise<string[]> {
  const expired: string[] = [];
  for (const run of [expireOverdueBatch, releaseUnpaidAdditionsBatch]) {
    for (;;) {
      const batch = await run(prisma, config, now);
      expired.push(...batch);
      if (batch.length < EXPIRY_BATCH) break;
    }
  }
  return expired;
}

/**
 * Of the given products, those on hold (rules.ts onHoldSql). One statement for any number of
 * products, on the driver.
 */
export async function productsOnHold(sql: SqlRunner, productIds: readonly string[]): Promise<Set<string>> {
  if (!productIds.length) return new Set();
  const rows = await sql<{ id: string }>(Prisma.sql`
    SELECT p.id::text AS id FROM products p
    WHERE p.id IN (${Prisma.join(productIds.map((id) => Prisma.sql`${id}::uuid`))}) AND ${onHoldSql("p")}`);
  return new Set(rows.map((row) => row.id));
}

export interface StockNow {
  id: string;
  stock: number;
  onHold: boolean;
  /** The count of the product's stock changes these values are at (products.stock_version). */
  version: number;
}

/** The stock and "on hold" of the given products as committed now (the volatile part of a product
 *  card, kept in memory by cache/stock-board.ts). One statement, on the driver. */
export async function stockNow(sql: SqlRunner, productIds: readonly string[]): Promise<StockNow[]> {
  if (!productIds.length) return [];
  // Named, so statement counts can tell it from a request's own work (it runs beside requests).
  return sql<StockNow>(Prisma.sql`/* stock board */
    SELECT p.id::text AS id, p.stock, ${onHoldSql("p")} AS "onHold", p.stock_version AS version FROM products p
    WHERE p.id IN (${Prisma.join(productIds.map((id) => Prisma.sql`${id}::uuid`))})`);
}
