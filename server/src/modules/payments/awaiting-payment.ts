// "Awaiting payment", written once (issue 26 item 4): an order the shopper still owes money for.
// Its payment is unpaid (awaiting the transfer, or a receipt under review) and it was not cancelled,
// whatever its fulfilment status: an unpaid order the owner confirmed or already shipped is still
// owed (decision 032). The dashboard's figure, the Payments tab's list and counts, and the orders
// export all take it from here (and the admin's status change, item 3), in its Prisma, SQL or in-memory form, so the numbers cannot disagree.
import { Prisma } from "../../generated/prisma/client.ts";
import type { OrderStatus, PaymentStatus } from "../../generated/prisma/enums.ts";
import { UNPAID, UNPAID_SQL } from "./rules.ts";

/** Orders awaiting payment, for Prisma queries. */
export function awaitingPayment(): Prisma.OrderWhereInput {
  return { paymentStatus: { in: UNPAID }, status: { not: "cancelled" } };
}

/** awaitingPayment as SQL for queries on `orders o` (or another alias). */
export function awaitingPaymentSql(alias = "o"): Prisma.Sql {
  const order = Prisma.raw(alias);
  return Prisma.sql`(${order}.payment_status IN (${UNPAID_SQL}) AND ${order}.status <> 'cancelled')`;
}


/** Whether one order (already loaded) is awaiting payment. */
export function isAwaitingPayment(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  return UNPAID.includes(order.paymentStatus) && order.status !== "cancelled";
}
