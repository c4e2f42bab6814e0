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
