// An order row as the payment jobs read it under FOR UPDATE (raw SQL, so snake_case, with enums and
// money as text): hold expiry and provider settlement lock the same columns and email from them.
import { Prisma } from "../../generated/prisma/client.ts";
import type { OrderForEmail, OrderForOwner } from "./emails.ts";
import type { OrderMoney } from "../../../../common/money.ts";

export interface LockedOrderRow {
  id: string;
  short_order_id: string;
  customer_name: string;
  customer_email: string | null;
  total: string;
  amount_paid: string;
  status: string;
  payment_status: string;
}

/** The SELECT list that reads a LockedOrderRow from `orders`. */
export const LOCKED_ORDER_COLUMNS = Prisma.sql`id::text AS id, short_order_id, customer_name, customer_email, total::text AS total, amount_paid::text AS amount_paid,
  status::text AS status, payment_status::text AS payment_status`;

/** The row as the shopper's and the owner's emails take it. */
export function lockedOrderForEmail(order: LockedOrderRow): OrderForEmail & OrderForOwner {
  return { id: order.id, shortOrderId: order.short_order_id, customerName: order.customer_name, customerEmail: order.customer_email, total: order.total };
}

/** The row's money, as common/money.ts reads an order's balance. */
export function lockedOrderMoney(order: LockedOrderRow): OrderMoney {
  return { total: order.total, amountPaid: order.amount_paid, status: order.status, paymentStatus: order.payment_status };
}
