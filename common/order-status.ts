// The order vocabulary (DESIGN §6.5), written once: the statuses an order and its payment can be
// in, and the words shoppers read for them (delivery methods: delivery-methods.ts). The GraphQL enums, the server's checks, the emails and
// every page take them from here (common/rules.test.ts fails if the list is written elsewhere).

/** Fulfilment, in the order an order normally moves through it (cancelled can follow any). */
export const ORDER_STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** Not shipped, delivered or cancelled: still in the shop, where a balance hold can release added pieces. */
export const IN_THE_SHOP = ORDER_STATUSES.slice(0, 3) as readonly ("pending" | "confirmed" | "processing")[];

/** The tracker's progress steps; the last is delivered (the spec's "completed"). */
export const TRACKER_STATUSES = ["processing", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

/** The bank-transfer payment, beside the fulfilment status. */
export const PAYMENT_STATUSES = ["awaiting_transfer", "under_review", "paid", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting_transfer: "Awaiting transfer",
  under_review: "Receipt under review",
  paid: "Paid",
  expired: "Expired (unpaid)",
};

/** Not paid yet and not expired: the order still holds its stock and takes a receipt. */
export const UNPAID_STATUSES = ["awaiting_transfer", "under_review"] as const satisfies readonly PaymentStatus[];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The label of a status as the API sends it; an unknown value (a newer server) shows as sent. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

export function paymentStatusLabel(status: string): string {
  return (PAYMENT_STATUSES as readonly string[]).includes(status) ? PAYMENT_STATUS_LABELS[status as PaymentStatus] : status;
}

/** A cancelled order that was never paid awaits nothing: it never reads "Awaiting transfer" (issue 40). */
function awaitsNothing(order: { status: string; paymentStatus: string }): boolean {
  return order.status === "cancelled" && (UNPAID_STATUSES as readonly string[]).includes(order.paymentStatus);
}

/** An order's payment as a label: its payment status, or "Nothing due (cancelled)". */
export function orderPaymentLabel(order: { status: string; paymentStatus: string }): string {
  return awaitsNothing(order) ? "Nothing due (cancelled)" : paymentStatusLabel(order.paymentStatus);
}

/** "Processing · Paid"; a cancelled, never paid order reads "Cancelled" alone. */
export function orderStatusLine(order: { status: string; paymentStatus: string }): string {
  return awaitsNothing(order) ? orderStatusLabel(order.status) : `${orderStatusLabel(order.status)} · ${paymentStatusLabel(order.paymentStatus)}`;
}

