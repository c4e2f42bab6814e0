// Bundles ("add to my order"), as both sides read them: until when an order takes more pieces at no
// extra delivery fee, and why one no longer does. The server decides with this rule inside the
// addition's transaction; pages use it only to say so (decision 037).
import { formatLagosTime } from "./lagos-time.ts";
import { UNPAID_STATUSES } from "./order-status.ts";

export const BUNDLE_MESSAGES = {
  shipped: "This order has already shipped, so no more pieces can be added. Please place a new order.",
  cancelled: "This order was cancelled, so no more pieces can be added. Please place a new order.",
  expired: "This order expired unpaid, so no more pieces can be added. Please place a new order.",
  windowOver: (until: Date | string) => `Pieces could be added to this order until ${formatLagosTime(until)}. Please place a new order.`,
} as const;

export interface BundleOrder {
  createdAt: Date | string;
  status: string;
  paymentStatus: string;
  holdExpiresAt: Date | string | null;
}

/** The last moment pieces may be added: BUNDLE_HOURS after placing, and for an unpaid order no
 *  later than its hold (its pieces are released then). */
function closesAt(order: BundleOrder, bundleHours: number): Date {
  const window = new Date(new Date(order.createdAt).getTime() + bundleHours * 3600_000);
  const hold = (UNPAID_STATUSES as readonly string[]).includes(order.paymentStatus) && order.holdExpiresAt ? new Date(order.holdExpiresAt) : null;
  return hold && hold < window ? hold : window;
}

/** Why pieces can no longer be added to the order at `now`; null while they can. */
export function bundleRefusal(order: BundleOrder, bundleHours: number, now: Date): string | null {
  if (order.paymentStatus === "expired") return BUNDLE_MESSAGES.expired;
  if (order.status === "cancelled") return BUNDLE_MESSAGES.cancelled;
  if (order.status === "shipped" || order.status === "delivered") return BUNDLE_MESSAGES.shipped;
  const until = closesAt(order, bundleHours);
  return until <= now ? BUNDLE_MESSAGES.windowOver(until) : null;
}

/** Until when pieces may be added (for "Add more pieces … until …"); null when they no longer can. */
export function addableUntil(order: BundleOrder, bundleHours: number, now: Date): Date | null {
  return bundleRefusal(order, bundleHours, now) ? null : closesAt(order, bundleHours);
}

/** The line the thank-you page, the tracker and the account show while an order takes more pieces. */
export function addMoreLine(until: Date | string): string {
  return `Add more pieces to this order (no extra delivery) until ${formatLagosTime(until)}`;
}
