// What the shopper is told when their claim is decided. Queued in the transaction of the decision.
import { formatNaira } from "../../../../common/naira.ts";
import type { EmailMessage } from "../../mail/outbox.ts";
import type { ClaimDecisionName } from "./claims.service.ts";

interface OrderForClaimEmail {
  shortOrderId: string;
  customerName: string;
  customerEmail: string | null;
}

export function claimDecidedEmail(publicUrl: string, order: OrderForClaimEmail, decided: { decision: ClaimDecisionName; amount: string | null; reason: string | null }): EmailMessage {
  const what =
    decided.decision === "refund"
      ? `We are refunding ${formatNaira(decided.amount!)} for order ${order.shortOrderId}. A card or Paystack payment goes back to where it came from within a few working days; a transfer refund has been sent to your account.`
      : decided.decision === "exchange"
        ? `We accepted your claim on order ${order.shortOrderId} and will exchange the piece. We will contact you to arrange it.`
        : `We looked at your claim on order ${order.shortOrderId} and could not accept it.`;
  return {
    to: order.customerEmail,
    subject: `Your claim on order ${order.shortOrderId}`,
    body: `Hello ${order.customerName},\n\n${what}\n${decided.reason ? `\n${decided.reason}\n` : ""}\nYour order: ${publicUrl}/track-order/${order.shortOrderId}\n`,
  };
}

/** A refund the shopper was told is on its way, which the provider then failed: the claim is open again. */
export function refundFailedEmail(publicUrl: string, order: OrderForClaimEmail, amount: string): EmailMessage {
  return {
    to: order.customerEmail,
    subject: `Your refund on order ${order.shortOrderId} did not go through`,
    body:
      `Hello ${order.customerName},\n\nThe refund of ${formatNaira(amount)} for order ${order.shortOrderId} did not go through at Paystack, so ` +
      `no money has come back to you yet. We will send it again, or by bank transfer, and tell you when it is on its way.\n\n` +
      `Your order: ${publicUrl}/track-order/${order.shortOrderId}\n`,
  };
}

/** The owner's side of it: the claim is back in the Claims tab to decide again. */
export function ownerRefundFailedEmail(publicUrl: string, ownerEmail: string, order: OrderForClaimEmail, amount: string): EmailMessage {
  return {
    to: ownerEmail,
    subject: `Refund failed at Paystack: order ${order.shortOrderId}`,
    body:
      `Paystack failed the refund of ${formatNaira(amount)} for order ${order.shortOrderId}. The money counts as paid again and the claim is open: ` +
      `refund it again, or by bank transfer with its bank reference.\n\nClaims: ${publicUrl}/admin?tab=claims\n`,
  };
}
