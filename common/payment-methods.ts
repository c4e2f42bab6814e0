// How a shopper can pay (decision 027), written once for the schema, the server's checks and the
// checkout. The two Paystack methods are offered only when the server has a Paystack key.
export const PAYMENT_METHODS = ["bank_transfer", "paystack_transfer", "paystack_card"] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

/**
 * Checkout lists the methods the server offers in this order and preselects the first: the one-time
 * account, because it confirms itself within seconds of the transfer (no receipt to upload, no wait
 * for the owner), so the shopper knows at once and the pieces are held for less time. Said the same
 * way in docs/payments-paystack.md (a unit test compares them). An API client that sends no method
 * gets bank_transfer, the one method every shop has.
 */
export const CHECKOUT_PAYMENT_ORDER = ["paystack_transfer", "paystack_card", "bank_transfer"] as const satisfies readonly PaymentMethodName[];

export const MANUAL_PAYMENT_METHODS = ["bank_transfer"] as const satisfies readonly PaymentMethodName[];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodName, string> = {
  paystack_transfer: "Pay by transfer to a one-time account (confirmed automatically)",
  paystack_card: "Pay by card / USSD / bank app",
  bank_transfer: "Bank transfer to our account, then upload the receipt",
};

export const PAYSTACK_OFF = "Automatic payments are not available right now. Please pay by bank transfer.";
