// The WhatsApp templates the shop sends (utility templates, approved by Meta under these exact
// names), their body text as submitted (docs/whatsapp-and-sms.md lists the same text), the
// parameters that fill them, and the short SMS that stands in for each one (decision 036).
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { payPagePath } from "../../../../common/routes.ts";
import type { ClaimDecisionName } from "../claims/claims.service.ts";

export const TEMPLATE_NAMES = ["order_received", "payment_confirmed", "order_shipped", "payment_reminder", "owner_new_order", "claim_decided"] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** Each template's body as it is submitted to Meta: {{n}} is the n-th parameter. Meta refuses a
 *  body that starts or ends with a placeholder, so each ends with words. */
export const TEMPLATE_BODIES: Record<TemplateName, string> = {
  order_received: "Hello {{1}}, thank you for your order {{2}}. Total: {{3}}. Pay and follow your order here: {{4}} . We keep your items until your reservation ends.",
  payment_confirmed: "We have received the payment for your order {{1}}. Thank you! We are getting it ready.",
  order_shipped: "Your order {{1}} is on its way: {{2}}. Thank you for shopping with us.",
  payment_reminder: "Reminder: your order {{1}} ({{2}}) is waiting for payment. Your reservation ends in {{3}}. Pay here: {{4}} to keep your items.",
  owner_new_order: "New order {{1}} for {{2}} from {{3}}. Open the admin to see it.",
  claim_decided: "We have decided your claim on order {{1}}: {{2}}. See the details on your order page: {{3}} . Thank you for shopping with us.",
};

/** What a message says, before the channel is chosen: template parameters and the SMS text. */
export interface MessageContent {
  template: TemplateName;
  params: string[];
  text: string;
}

export interface OrderFacts {
  shortOrderId: string;
  customerName: string;
  /** The amount the message asks for or reports, e.g. "12500.00". */
  total: string;
}

/** Where the shopper follows the order (the same link the status emails carry). */
export const orderLink = (publicUrl: string, shortOrderId: string) => `${publicUrl}/track-order/${shortOrderId}`;

/** Where the shopper pays: the order's payment page, the link `Order.paymentLink` gives (decision 035),
 *  which opens in any browser without signing in. */
export const payLink = (publicUrl: string, shortOrderId: string) => `${publicUrl}${payPagePath(shortOrderId)}`;

/** ₦ is not in the SMS alphabet (it would halve a page's length): "NGN 12,500". */
const smsMoney = (amount: string) => formatNaira(amount).replace("₦", "NGN ");

export function orderReceived(publicUrl: string, shopName: string, order: OrderFacts): MessageContent {
  const link = payLink(publicUrl, order.shortOrderId);
  return {
    template: "order_received",
    params: [order.customerName, order.shortOrderId, formatNaira(order.total), link],
    text: `${shopName}: order ${order.shortOrderId} received, total ${smsMoney(order.total)}. Pay and track: ${link}`,
  };
}

export function paymentConfirmed(publicUrl: string, shopName: string, order: Pick<OrderFacts, "shortOrderId">): MessageContent {
  return {
    template: "payment_confirmed",
    params: [order.shortOrderId],
    text: `${shopName}: payment received for order ${order.shortOrderId}. Track: ${orderLink(publicUrl, order.shortOrderId)}`,
  };
}

export interface Shipment {
  transportCompany: string | null;
  waybillNumber: string | null;
  trackingNumber: string | null;
}

/** "GIG Logistics, waybill 12345": what the order has of its carrier, waybill and tracking. */
export function shipmentLine(shipment: Shipment): string {
  const parts = [shipment.transportCompany, shipment.waybillNumber && `waybill ${shipment.waybillNumber}`, shipment.trackingNumber && `tracking ${shipment.trackingNumber}`];
  return parts.filter(Boolean).join(", ") || "details on your order page";
}

export function orderShipped(publicUrl: string, shopName: string, order: Pick<OrderFacts, "shortOrderId">, shipment: Shipment): MessageContent {
  const line = shipmentLine(shipment);
  return {
    template: "order_shipped",
    params: [order.shortOrderId, line],
    text: `${shopName}: order ${order.shortOrderId} is on its way (${line}). Track: ${orderLink(publicUrl, order.shortOrderId)}`,
  };
}

/** "5 hours 59 minutes (until Fri 27 Nov 2026, 6:00 PM, Lagos time)". */
export function timeLeft(now: Date, until: Date): string {
  const minutes = Math.max(0, Math.round((until.getTime() - now.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const span = [hours && `${hours} hour${hours === 1 ? "" : "s"}`, minutes % 60 && `${minutes % 60} minute${minutes % 60 === 1 ? "" : "s"}`].filter(Boolean).join(" ") || "less than a minute";
  return `${span} (until ${formatLagosTime(until).replace(" (Lagos time)", ", Lagos time")})`;
}

export function paymentReminder(publicUrl: string, shopName: string, order: OrderFacts, holdExpiresAt: Date, now: Date): MessageContent {
  const link = payLink(publicUrl, order.shortOrderId);
  const left = timeLeft(now, holdExpiresAt);
  return {
    template: "payment_reminder",
    params: [order.shortOrderId, formatNaira(order.total), left, link],
    text: `${shopName}: order ${order.shortOrderId} (${smsMoney(order.total)}) awaits payment; reserved for ${left}. Pay: ${link}`,
  };
}

export function ownerNewOrder(publicUrl: string, order: OrderFacts, channel: string): MessageContent {
  return {
    template: "owner_new_order",
    params: [order.shortOrderId, formatNaira(order.total), channel],
    text: `New order ${order.shortOrderId} for ${smsMoney(order.total)} from ${channel}. ${publicUrl}/admin`,
  };
}

export interface ClaimOutcome {
  decision: ClaimDecisionName;
  /** The refund, e.g. "4000.00" (refunds only). */
  amount: string | null;
}

/** What was decided, in words that fit inside a sentence; money written by `money`. */
function claimOutcome(outcome: ClaimOutcome, money: (amount: string) => string): string {
  if (outcome.decision === "refund") return `we are refunding ${money(outcome.amount!)}`;
  if (outcome.decision === "exchange") return "we will exchange the piece and contact you to arrange it";
  return "we could not accept it";
}

/** The decision on a shopper's claim (decision 038). The decider's reason is on the order page and in
 *  the email, not here: a template parameter may not hold its line breaks. */
export function claimDecided(publicUrl: string, shopName: string, order: Pick<OrderFacts, "shortOrderId">, outcome: ClaimOutcome): MessageContent {
  const link = orderLink(publicUrl, order.shortOrderId);
  return {
    template: "claim_decided",
    params: [order.shortOrderId, claimOutcome(outcome, formatNaira), link],
    text: `${shopName}: claim on order ${order.shortOrderId}: ${claimOutcome(outcome, smsMoney)}. Details: ${link}`,
  };
}
