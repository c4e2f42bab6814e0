// The owner's figures on the admin dashboard: sales, orders, unpaid orders, holds about to lapse
// and how each category sells, for today, 7 and 30 Lagos days. Aggregates run in SQL on numeric
// columns and leave the database as text, so money stays exact to the kobo ("12500.00").
//
// Definitions (also in docs/store-guide.md, "The owner's numbers"):
// - A sale is an order with payment_status 'paid' and a status other than 'cancelled', counted in
//   the window its paid_at falls in (when it became paid). Paid sales = the money received for those
//   orders (decision 034: their amount_paid, with their refunds that did not fail added back, so a
//   later refund never rewrites an earlier window; an over-payment counts, as it reached the shop;
//   part payments count once their order is paid, in its window, and not before). Average order
//   value = paid sales ÷ number of those orders, rounded to the kobo.
// - Refunds = money sent back for those sales (claims, decision 038), counted in the window it went
//   back: processed Paystack refunds by when Paystack settled them, transfer refunds by when the
//   owner recorded them; pending and failed ones are not money sent back. Refunds of an order that
//   no longer counts as a sale (cancelled since, or awaiting a balance again) are left out with its
//   sale. Net sales = paid sales − refunds (negative in a window with more sent back than sold).
// - Orders placed = every order created in the window, whatever became of it.
// - Paid after a reminder = those sales whose payment reminder (decision 036) went before paid_at.
// - Awaiting payment is "right now" (not windowed): every order not cancelled whose payment is
//   awaiting_transfer or under_review, whatever its fulfilment status (payments/awaiting-payment.ts,
//   the same rule as the Payments tab and the export), valued at what is still to pay (their
//   amountDue: total − amount_paid, so a part-paid order counts its balance). Holds expiring: those
//   of them still pending, whose hold ends within HOLD_WARNING_HOURS (only a pending order's hold is
//   released), valued the same way.
// - Sell-through of a category in a window = units sold in the window ÷ (units sold in the window +
//   units in stock now), as a percentage to one decimal. Units held by unpaid orders are in neither
//   (they are neither sold nor on sale). Items whose product was deleted count in sales but in no
//   category. Median days to sale = median of (paid_at − product created_at) over the units' order
//   lines sold in the window.
// - Best category: highest sell-through (ties: more units sold, then name); slowest: the lowest.
// - Daily figures: the last 30 Lagos days one by one, with the same rules and the same window as the
//   30-day period cut at each Lagos midnight, so any run of the last N days adds up to the N-day period.
// - Daily figures and channels carry refunds too, so they add up to the periods' refunds.
// - By channel (decision 035): paid sales, paid orders and orders placed with the rules above, per
//   order channel (web, whatsapp, instagram, in_person, other); every channel is listed, in that
//   order, so the channels of a period or a day add up to its totals.
import type { Db } from "../../db/database.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { fromKobo, toKobo } from "../../../../common/kobo.ts";
import { SALE_CHANNELS, type SaleChannelName } from "../../../../common/sale-channels.ts";
import { lastLagosDays } from "./lagos-days.ts";
import { toLagosDateInput } from "../../../../common/lagos-time-input.ts";
import { awaitingPaymentSql } from "../payments/awaiting-payment.ts";

export const FIGURE_PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
] as const;

export const HOLD_WARNING_HOURS = 6;

export interface CategoryFigures {
  categoryId: string | null;
  name: string;
  unitsSold: number;
  unitsInStock: number;
  /** Percentage with one decimal ("40.0"); null when nothing was sold or on sale. */
  sellThroughPercent: string | null;
  medianDaysToSale: string | null;
}

export interface ChannelFigures {
  channel: SaleChannelName;
  ordersPlaced: number;
  paidOrders: number;
  paidSales: string;
  refunds: string;
}

export interface PeriodFigures {
  key: string;
  label: string;
  days: number;
  from: Date;
  to: Date;
  paidSales: string;
  /** Money sent back in the period for its sales (processed refunds). */
  refunds: string;
  /** paidSales − refunds. */
  netSales: string;
  paidOrders: number;
  /** Of the paid orders, those paid after their payment reminder went. */
  paidAfterReminder: number;
  ordersPlaced: number;
  averageOrderValue: string | null;
  channels: ChannelFigures[];
  categories: CategoryFigures[];
  bestCategory: CategoryFigures | null;
  slowestCategory: CategoryFigures | null;
}

export interface OrdersAndValue {
  orders: number;
  value: string;
}

export interface DayFigures {
  /** YYYY-MM-DD, the Lagos calendar day. */
  date: string;
  ordersPlaced: number;
  paidOrders: number;
  paidSales: string;
  refunds: string;
  netSales: string;
  channels: ChannelFigures[];
}

export const DAILY_DAYS = 30;

export interface OwnerFigures {
  asOf: Date;
  periods: PeriodFigures[];
  daily: DayFigures[];
  awaitingPayment: OrdersAndValue;
  holdsExpiringSoon: OrdersAndValue & { hours: number };
}

/** An order that counts as a sale (the definitions above), as SQL on the alias `o`. */
const isSale = Prisma.sql`o.payment_status = 'paid' AND o.status <> 'cancelled'`;

/** The money received for the order `o`: what it holds now plus what went back or is on its way
 *  back (a failed refund's money already counts as paid again). */
const received = Prisma.sql`(o.amount_paid + COALESCE((SELECT SUM(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'), 0))`;

/** Refunds of sales that went back in [from, to), with their order as `o`. */
function refundsIn(from: Date, to: Date): Prisma.Sql {
  return Prisma.sql`refunds r JOIN orders o ON o.id = r.order_id
    WHERE r.status = 'processed' AND ${isSale} AND r.settled_at >= ${from}::timestamptz AND r.settled_at < ${to}::timestamptz`;
}

async function salesIn(prisma: Db, from: Date, to: Date) {
  const [row] = await prisma.$queryRaw<{ paid_sales: string; refunds: string; paid_orders: number; paid_after_reminder: number; orders_placed: number; average: string | null }[]>`
    WITH paid AS (
      SELECT ${received} AS received, o.payment_reminded_at < o.paid_at AS after_reminder FROM orders o
      WHERE ${isSale} AND o.paid_at >= ${from}::timestamptz AND o.paid_at < ${to}::timestamptz
    )
    SELECT
      (SELECT COALESCE(SUM(received), 0)::numeric(14, 2)::text FROM paid) AS paid_sales,
      (SELECT COALESCE(SUM(r.amount), 0)::numeric(14, 2)::text FROM ${refundsIn(from, to)}) AS refunds,
      (SELECT COUNT(*)::int FROM paid) AS paid_orders,
      (SELECT COUNT(*)::int FROM paid WHERE after_reminder) AS paid_after_reminder,
      (SELECT ROUND(AVG(received), 2)::numeric(14, 2)::text FROM paid) AS average,
      (SELECT COUNT(*)::int FROM orders WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz) AS orders_placed`;
  return row!;
}

/** Net sales, exact to the kobo. */
const netOf = (paidSales: string, refunds: string) => fromKobo(toKobo(paidSales) - toKobo(refunds));

/** One row per Lagos day of [from, to) that had an order placed or paid; `from` is a Lagos midnight. */
async function salesByDay(prisma: Db, from: Date, to: Date) {
  // The day is counted from `from` in whole 24-hour steps (Lagos has no daylight saving), so no
  // time-zone database is needed (PGlite has none) and the cut is the one lastLagosDays makes.
  return prisma.$queryRaw<ChannelRow[]>`
    WITH ${salesEvents(from, to)}
    SELECT FLOOR(EXTRACT(EPOCH FROM (at - ${from}::timestamptz)) / 86400)::int AS day, ${channelSums}
    FROM events
    GROUP BY 1, 2
    ORDER BY 1, 2`;
}

/** A period's sales, refunds and placed orders as events: each paid order at its paid_at, each
 *  refund when it went back, each order at its created_at (the definitions above, in one place for
 *  the days and the channels). */
function salesEvents(from: Date, to: Date): Prisma.Sql {
  return Prisma.sql`events AS (
      SELECT o.paid_at AS at, o.channel, ${received} AS sales, 0::numeric AS refunds, 1 AS paid, 0 AS placed FROM orders o
      WHERE ${isSale} AND o.paid_at >= ${from}::timestamptz AND o.paid_at < ${to}::timestamptz
      UNION ALL
      SELECT r.settled_at, o.channel, 0, r.amount, 0, 0 FROM ${refundsIn(from, to)}
      UNION ALL
      SELECT created_at, channel, 0, 0, 0, 1 FROM orders
      WHERE created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz
    )`;
}

const channelSums = Prisma.sql`channel::text AS channel, SUM(sales)::numeric(14, 2)::text AS paid_sales, SUM(refunds)::numeric(14, 2)::text AS refunds,
  SUM(paid)::int AS paid_orders, SUM(placed)::int AS orders_placed`;

interface ChannelRow {
  day?: number;
  channel: SaleChannelName;
  paid_sales: string;
  refunds: string;
  paid_orders: number;
  orders_placed: number;
}

/** Every channel, in SALE_CHANNELS' order, from the rows that had any (the rest are zero). */
function everyChannel(rows: ChannelRow[]): ChannelFigures[] {
  return SALE_CHANNELS.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return {
      channel,
      ordersPlaced: row?.orders_placed ?? 0,
      paidOrders: row?.paid_orders ?? 0,
      paidSales: row?.paid_sales ?? "0.00",
      refunds: row?.refunds ?? "0.00",
    };
  });
}

async function channelsIn(prisma: Db, from: Date, to: Date): Promise<ChannelFigures[]> {
  return everyChannel(await prisma.$queryRaw<ChannelRow[]>`WITH ${salesEvents(from, to)} SELECT ${channelSums} FROM events GROUP BY 1`);
}

/** A day's totals from its channels' rows (exact: kobo are integers). */
function dayTotals(channels: ChannelFigures[]) {
  const sum = (money: (c: ChannelFigures) => string) => fromKobo(channels.reduce((total, c) => total + toKobo(money(c)), 0));
  const paidSales = sum((c) => c.paidSales);
  const refunds = sum((c) => c.refunds);
  return {
    ordersPlaced: channels.reduce((total, c) => total + c.ordersPlaced, 0),
    paidOrders: channels.reduce((total, c) => total + c.paidOrders, 0),
    paidSales,
    refunds,
    netSales: netOf(paidSales, refunds),
  };
}

async function dailyFigures(prisma: Db, asOf: Date): Promise<DayFigures[]> {
  const { from, to } = lastLagosDays(asOf, DAILY_DAYS);
  const rows = await salesByDay(prisma, from, to);
  return Array.from({ length: DAILY_DAYS }, (_, day) => {
    const channels = everyChannel(rows.filter((row) => row.day === day));
    return { date: toLagosDateInput(new Date(from.getTime() + day * 86_400_000)), ...dayTotals(channels), channels };
  });
}

interface CategoryRow {
  category_id: string | null;
  name: string | null;
  units_sold: number;
  units_in_stock: number;
  sell_through: string | null;
  median_days: string | null;
}

async function categoriesIn(prisma: Db, from: Date, to: Date): Promise<CategoryFigures[]> {
  const rows = await prisma.$queryRaw<CategoryRow[]>`
    WITH sold AS (
      SELECT p.category_id,
             SUM(oi.quantity)::int AS units,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM (o.paid_at - p.created_at)) / 86400) AS median_days
      FROM order_items oi
      JOIN orders o ON o.id = oi.order_id
      JOIN products p ON p.id = oi.product_id
      WHERE ${isSale} AND o.paid_at >= ${from}::timestamptz AND o.paid_at < ${to}::timestamptz
      GROUP BY p.category_id
    ),
    stocked AS (
      SELECT category_id, SUM(stock)::int AS units FROM products GROUP BY category_id
    ),
    keys AS (
      SELECT category_id FROM sold UNION SELECT category_id FROM stocked
    ),
    joined AS (
      SELECT k.category_id, c.name,
             COALESCE(s.units, 0) AS units_sold,
             COALESCE(st.units, 0) AS units_in_stock,
             s.median_days
      FROM keys k
      LEFT JOIN categories c ON c.id = k.category_id
      LEFT JOIN sold s ON s.category_id IS NOT DISTINCT FROM k.category_id
      LEFT JOIN stocked st ON st.category_id IS NOT DISTINCT FROM k.category_id
    )
    SELECT category_id::text AS category_id, name, units_sold, units_in_stock,
           CASE WHEN units_sold + units_in_stock > 0
                THEN ROUND(100.0 * units_sold / (units_sold + units_in_stock), 1)::text END AS sell_through,
           ROUND(median_days::numeric, 1)::text AS median_days
    FROM joined
    WHERE units_sold + units_in_stock > 0
    ORDER BY 100.0 * units_sold / (units_sold + units_in_stock) DESC, units_sold DESC, name ASC NULLS LAST`;
  return rows.map((r) => ({
    categoryId: r.category_id,
    name: r.name ?? "No category",
    unitsSold: r.units_sold,
    unitsInStock: r.units_in_stock,
    sellThroughPercent: r.sell_through,
    medianDaysToSale: r.median_days,
  }));
}

/** The best and slowest of categories ranked by sell-through. With nothing sold there is no best
 *  ("Best: Bales (0.0%)" read as a result), and no slowest among categories tied at nothing sold
 *  ("Slowest: Unisex (0.0%)" on a fresh store picked one of many by its name; issue 40). */
export function bestAndSlowest(ranked: CategoryFigures[]): Pick<PeriodFigures, "bestCategory" | "slowestCategory"> {
  const best = ranked[0]?.unitsSold ? ranked[0] : null;
  const last = ranked.length > 1 ? ranked[ranked.length - 1]! : null;
  const zeroTie = last !== null && last.unitsSold === 0 && ranked.filter((c) => c.unitsSold === 0).length > 1;
  return { bestCategory: best, slowestCategory: best && last && !zeroTie ? last : null };
}

/** What an order awaiting payment still asks: common/money.ts's orderBalance for an open, unpaid order. */
const amountDue = Prisma.sql`GREATEST(o.total - o.amount_paid, 0)`;

async function unpaidNow(prisma: Db, asOf: Date) {
  const until = new Date(asOf.getTime() + HOLD_WARNING_HOURS * 3_600_000);
  const [row] = await prisma.$queryRaw<{ awaiting: number; awaiting_value: string; expiring: number; expiring_value: string }[]>`
    SELECT
      COUNT(*)::int AS awaiting,
      COALESCE(SUM(${amountDue}), 0)::numeric(14, 2)::text AS awaiting_value,
      COUNT(*) FILTER (WHERE status = 'pending' AND hold_expires_at > ${asOf}::timestamptz AND hold_expires_at <= ${until}::timestamptz)::int AS expiring,
      COALESCE(SUM(${amountDue}) FILTER (WHERE status = 'pending' AND hold_expires_at > ${asOf}::timestamptz AND hold_expires_at <= ${until}::timestamptz), 0)::numeric(14, 2)::text AS expiring_value
    FROM orders o
    WHERE ${awaitingPaymentSql("o")}`;
  return row!;
}

export async function ownerFigures(prisma: Db, asOf: Date = new Date()): Promise<OwnerFigures> {
  const periods: PeriodFigures[] = [];
  // One period after another: PGlite runs statements one at a time anyway.
  for (const period of FIGURE_PERIODS) {
    const { from, to } = lastLagosDays(asOf, period.days);
    const sales = await salesIn(prisma, from, to);
    const categories = await categoriesIn(prisma, from, to);
    const channels = await channelsIn(prisma, from, to);
    periods.push({
      ...period,
      from,
      to,
      paidSales: sales.paid_sales,
      refunds: sales.refunds,
      netSales: netOf(sales.paid_sales, sales.refunds),
      paidOrders: sales.paid_orders,
      paidAfterReminder: sales.paid_after_reminder,
      ordersPlaced: sales.orders_placed,
      averageOrderValue: sales.average,
      channels,
      categories,
      ...bestAndSlowest(categories),
    });
  }
  const daily = await dailyFigures(prisma, asOf);
  const unpaid = await unpaidNow(prisma, asOf);
  return {
    asOf,
    periods,
    daily,
    awaitingPayment: { orders: unpaid.awaiting, value: unpaid.awaiting_value },
    holdsExpiringSoon: { orders: unpaid.expiring, value: unpaid.expiring_value, hours: HOLD_WARNING_HOURS },
  };
}
