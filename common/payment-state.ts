// Where an order's payment stands, as the shopper is told it everywhere (thank-you, tracker, account,
// guest lookup, emails). The bank details and the countdown are shown only while payment is due:
// telling a shopper who already paid to "pay now" invites a second transfer.

import { IN_THE_SHOP, PAYMENT_STATUS_LABELS } from "./order-status.ts";

export type PaymentState = "due" | "rejected" | "under_review" | "paid" | "expired" | "cancelled";

export interface PaymentFacts {
  status: string;
  paymentStatus: string;
  /** Only the owner and admins see it; null for anyone else (then a rejected order reads as due). */
  rejectionReason?: string | null;
}

export function paymentState(order: PaymentFacts): PaymentState {
  if (order.paymentStatus === "paid") return "paid";
  if (order.paymentStatus === "expired") return "expired";
  if (order.status === "cancelled") return "cancelled";
  if (order.paymentStatus === "under_review") return "under_review";
  return order.rejectionReason ? "rejected" : "due";
}

/**
 * Whether the order's hold (and so the pay countdown) still runs: while it is pending, or while a
 * paid order that grew awaits its balance (balanceSince: its added pieces are released at the hold's
 * end, decision 037). Once the owner confirms, prepares or ships an unpaid order, the hold-release
 * job leaves it alone (payments/holds.service.ts), so no page may count down to a cancellation that
 * will not come (decision 032). The money is still owed and the bank details are still shown.
 */
export function holdRuns(order: { status: string; balanceSince?: unknown }): boolean {
  if (order.status === "pending") return true;
  // Only until it ships: a shipped order's added pieces are on their way, not released.
  return Boolean(order.balanceSince) && (IN_THE_SHOP as readonly string[]).includes(order.status);
}

/**
 * "We could not confirm your last receipt: {reason}." and what to do: the admin's reason keeps its
 * own closing mark ("… ₦1,500." never becomes "₦1,500..").
 */
export function rejectionSentence(reason: string, then = "Please check the transfer and upload a new receipt."): string {
  const text = reason.trim();
  return `We could not confirm your last receipt: ${text}${/[.!?]$/.test(text) ? "" : "."} ${then}`;
}

/** True while the shopper still has to transfer the money (also after a rejected receipt). */
export function paymentIsDue(state: PaymentState): state is "due" | "rejected" {
  return state === "due" || state === "rejected";
}

/** One sentence per state, for pages and emails alike. */
export const PAYMENT_STATE_MESSAGES: Record<Exclude<PaymentState, "due">, string> = {
  rejected: "We could not confirm your last receipt. Please check the transfer and upload a new receipt.",
  under_review: "We have your receipt and are checking it against our bank account. We will email you once the payment is confirmed.",
  paid: "Payment received. Thank you! Nothing more to pay.",
  expired: "This order was cancelled because no payment arrived before the hold ended. Nothing more to pay.",
  cancelled: "This order was cancelled. Nothing more to pay.",
};

/** Short labels, e.g. for the account's order list: the payment status's own words where they match. */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  due: PAYMENT_STATUS_LABELS.awaiting_transfer,
  rejected: "Receipt not accepted",
  under_review: PAYMENT_STATUS_LABELS.under_review,
  paid: PAYMENT_STATUS_LABELS.paid,
  expired: PAYMENT_STATUS_LABELS.expired,
  cancelled: "Cancelled (unpaid)",
};
