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

/** Kobo, as payment providers count money, from a naira amount with at most 2 decimals ("4500.5"). */
export function toKobo(naira: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(naira.trim());
  if (!match) throw new Error(`Not a naira amount: ${naira}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The naira amount of kobo, as the API's Money strings ("4500.50"). */
export function fromKobo(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
