// CSV exports for the owner: orders (one row per order item, the order's own columns repeated on
// each of its rows, so a spreadsheet can filter and sum by item or by order) and products, for an
// inclusive range of Lagos dates (orders by when they were placed, products by when listed).
import type { Db } from "../../db/database.ts";
import { ValidationError } from "../errors.ts";
import { formatLagos, lagosDateRange } from "./lagos-days.ts";
import { toCsv } from "./csv.ts";
import { awaitingPaymentSql } from "../payments/awaiting-payment.ts";
import { CONDITION_LABEL, type Condition } from "../../../../common/condition.ts";
import { MEASUREMENTS } from "../../../../common/measurements.ts";

export const MAX_EXPORT_DAYS = 366;

export function exportRange(from: unknown, to: unknown): { start: Date; end: Date } {
  const range = typeof from === "string" && typeof to === "string" ? lagosDateRange(from, to) : null;
  if (!range) throw new ValidationError("Choose the dates as YYYY-MM-DD, the first on or before the last");
  if (range.end.getTime() - range.start.getTime() > MAX_EXPORT_DAYS * 86_400_000) {
    throw new ValidationError(`Export at most ${MAX_EXPORT_DAYS} days at a time`);
  }
  return range;
}

export const ORDER_COLUMNS = [
  "Order number",
  "Order ID",
  "Placed (Lagos)",
  // Where the sale was made (web, whatsapp, instagram, in_person, other: decision 035).
  "Channel",
  "Status",
  "Payment",
  // payments/awaiting-payment.ts: the dashboard's "Awaiting payment" counts exactly these orders.
  "Awaiting payment",
  "Paid (Lagos)",
  "Customer",
  "Email",
  "Phone",
  "Delivery",
  "Address or park",
  "State",
  "Item",
  "Size",
  "Quantity",
  "Unit price (NGN)",
  "Line total (NGN)",
  "Discount code",
  "Discount (NGN)",
  "Delivery fee (NGN)",
  "Order total (NGN)",
];

interface OrderRow {
  order_number: number;
  short_order_id: string;
  created_at: Date;
  channel: string;
  status: string;
  payment_status: string;
  awaiting_payment: boolean;
  paid_at: Date | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string;
  delivery_method: string;
  customer_address: string | null;
  delivery_state: string | null;
  park_state: string | null;
  park_name: string | null;
  product_name: string | null;
  size: string | null;
  quantity: number | null;
  price: string | null;
  line_total: string | null;
  discount_code: string | null;
  discount: string;
  delivery_fee: string;
  total: string;
}

function deliveryPlace(row: OrderRow): string {
  if (row.delivery_method === "park") return [row.park_name, row.park_state].filter(Boolean).join(", ");
  if (row.delivery_method === "pickup") return "";
  return row.customer_address ?? "";
}

export async function ordersCsv(prisma: Db, range: { start: Date; end: Date }): Promise<string> {
  const rows = await prisma.$queryRaw<OrderRow[]>`
    SELECT o.order_number, o.short_order_id, o.created_at, o.channel::text AS channel, o.status::text AS status, o.payment_status::text AS payment_status,
           ${awaitingPaymentSql("o")} AS awaiting_payment,
           o.paid_at, o.customer_name, o.customer_email, o.customer_phone, o.delivery_method::text AS delivery_method,
           o.customer_address, o.delivery_state, o.park_state, o.park_name, o.discount_code, o.discount::text AS discount, o.delivery_fee::text AS delivery_fee, o.total::text AS total,
           oi.product_name, oi.size, oi.quantity, oi.price::text AS price, (oi.price * oi.quantity)::numeric(14, 2)::text AS line_total
    FROM orders o
    LEFT JOIN order_items oi ON oi.order_id = o.id
    WHERE o.created_at >= ${range.start}::timestamptz AND o.created_at < ${range.end}::timestamptz
    ORDER BY o.created_at, o.order_number, oi.product_name, oi.id`;
  return toCsv(
    ORDER_COLUMNS,
    rows.map((r) => [
      r.order_number,
      r.short_order_id,
      formatLagos(r.created_at),
      r.channel,
      r.status,
      r.payment_status,
      r.awaiting_payment ? "yes" : "no",
      formatLagos(r.paid_at),
      r.customer_name,
      r.customer_email,
      r.customer_phone,
      r.delivery_method,
      deliveryPlace(r),
      r.delivery_method === "park" ? r.park_state : r.delivery_state,
      r.product_name,
      r.size,
      r.quantity,
      r.price,
      r.line_total,
      r.discount_code,
      r.discount,
      r.delivery_fee,
      r.total,
    ]),
  );
}

/** The import's columns first (a product export can be edited and imported again), then the rest. */
export const PRODUCT_COLUMNS = [
  "name", "category", "price", "size", "stock", "description", "originalPrice", "slug",
  "condition", "flawNotes", ...MEASUREMENTS.map(({ key }) => `${key} (cm)`), "listed (Lagos)", "image",
  // Empty for a product on sale since it was listed; a drop's moment otherwise (decision 020).
  "goes live (Lagos)",
];

interface ProductRow {
  name: string;
  slug: string;
  category: string | null;
  price: string;
  original_price: string | null;
  size: string | null;
  stock: number;
  description: string | null;
  created_at: Date;
  goes_live_at: Date | null;
  image_url: string | null;
  condition: Condition | null;
  flaw_notes: string | null;
  measurements: (string | null)[];
}

export async function productsCsv(prisma: Db, range: { start: Date; end: Date }): Promise<string> {
  const rows = await prisma.$queryRaw<ProductRow[]>`
    SELECT p.name, p.slug, c.slug AS category, p.price::text AS price, p.original_price::text AS original_price,
           p.size, p.stock, p.description, p.created_at, p.goes_live_at, p.image_url, p.condition::text AS condition, p.flaw_notes,
           ARRAY[p.pit_to_pit_cm, p.length_cm, p.shoulder_cm, p.sleeve_cm, p.waist_cm, p.hips_cm, p.inseam_cm]::text[] AS measurements
    FROM products p
    LEFT JOIN categories c ON c.id = p.category_id
    WHERE p.created_at >= ${range.start}::timestamptz AND p.created_at < ${range.end}::timestamptz
    ORDER BY p.created_at, p.slug`;
  return toCsv(
    PRODUCT_COLUMNS,
    rows.map((r) => [
      r.name, r.category, r.price, r.size, r.stock, r.description, r.original_price, r.slug,
      r.condition ? CONDITION_LABEL[r.condition] : null, r.flaw_notes, ...r.measurements,
      formatLagos(r.created_at), r.image_url, formatLagos(r.goes_live_at),
    ]),
  );
}
