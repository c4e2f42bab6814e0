// How order pages show an order beyond its statuses: the payment method, the account list's
// colours and the delivery fee. Status and delivery-method labels are common/order-status.ts and
// common/checkout.ts (shared with the server's emails); times are Lagos time (common/lagos-time.ts).
import { formatNaira } from "../../../../common/naira.ts";

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  bank_transfer: "Bank transfer",
  paystack_transfer: "Transfer to a one-time account (Paystack)",
  paystack_card: "Card / USSD / bank app (Paystack)",
};

/** Status colours of the account list: delivered green, processing blue, anything else yellow. */
export function statusTone(status: string): "green" | "blue" | "yellow" {
  return status === "delivered" ? "green" : status === "processing" ? "blue" : "yellow";
}

/** A delivery fee as shoppers read it: "Free" when nothing was charged. */
export function deliveryFeeText(fee: string): string {
  return Number(fee) === 0 ? "Free" : formatNaira(fee);
}
