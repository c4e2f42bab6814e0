// What the store needs of a payment provider, small enough that Monnify or Flutterwave can follow
// Paystack behind the same shape (decision 027). Amounts are integers in kobo.
import type { IncomingHttpHeaders } from "node:http";
import { isUuid } from "../../../../../common/uuid.ts";

export interface PaymentRequest {
  /** Ours, unique per payment; the provider reports the payment under it. */
  reference: string;
  email: string;
  amountKobo: number;
  metadata: Record<string, string>;
}

/** A bank account that takes one transfer for one payment, then expires. */
export interface TransferAccount {
  accountNumber: string;
  accountName: string;
  bankName: string;
  expiresAt: Date;
}

export interface Checkout {
  /** The provider's hosted page; the shopper comes back to the callback URL with the reference. */
  authorizationUrl: string;
}

export interface VerifiedPayment {
  reference: string;
  /** "success" is the only state that means the money arrived. */
  status: string;
  amountKobo: number;
  currency: string;
  channel: string | null;
  paidAt: Date | null;
  /** The bank's or card network's words on the attempt (Paystack's gateway_response), e.g. "Declined". */
  gatewayResponse: string | null;
}

export interface PaymentProvider {
  readonly name: string;
  openTransferAccount(request: PaymentRequest & { expiresAt: Date }): Promise<TransferAccount>;
  openCheckout(request: PaymentRequest & { callbackUrl: string }): Promise<Checkout>;
  /** The provider's own word on a payment; null when it knows no payment by that reference. */
  verify(reference: string): Promise<VerifiedPayment | null>;
  /**
   * The payment reference a webhook reports as paid, or null for events that report no payment.
   * Throws WebhookRefused when the request is not provably from the provider.
   */
  readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): string | null;
  /** Money back to the shopper: a refund of (part of) a payment, by the payment's reference (decision 038). */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** The provider's own word on a refund. */
  fetchRefund(id: string): Promise<ProviderRefund>;
  /**
   * The refund a `refund` call made whose answer never came (it timed out, or the server stopped
   * before keeping its id): found among the provider's refunds created between `from` and `to` by
   * its note, or, for one asked without a note, by payment and amount among ids not in `known`.
   * Null when the provider has none: it never took the request.
   */
  findRefund(request: RefundRequest & { from: Date; to: Date; known: ReadonlySet<string> }): Promise<ProviderRefund | null>;
  /** The payment reference of a refund event in a webhook already read (signature checked) by readWebhook; null for other events. */
  refundEventOf(rawBody: Buffer): string | null;
}

export interface RefundRequest {
  /** The payment's reference. */
  transaction: string;
  amountKobo: number;
  /** Kept by the provider with the refund (Paystack's merchant_note): names our refund row, so a
   *  refund whose answer was lost can be found again. */
  note: string;
}

/** The note each refund is asked with: it names our refund row. */
const REFUND_NOTE_PREFIX = "Refund ";
export const refundNote = (refundId: string) => `${REFUND_NOTE_PREFIX}${refundId}`;
export const isRefundNote = (note: string) => note.startsWith(REFUND_NOTE_PREFIX) && isUuid(note.slice(REFUND_NOTE_PREFIX.length));

export interface ProviderRefund {
  id: string;
  /** pending, processing, processed, failed… only processed and failed settle it. */
  status: string;
  amountKobo: number;
}

/** The provider could not be asked or answered with an error. Its message never carries a secret.
 *  outcomeUnknown: no clear answer came (a timeout, a lost connection, a 5xx, a body that is not the
 *  provider's), so the request may have been carried out: a refund asked so must not count as refused. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

export class WebhookRefused extends Error {}
