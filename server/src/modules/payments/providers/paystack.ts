// Paystack (https://paystack.com/docs/api): Pay with Transfer (POST /charge with bank_transfer),
// the hosted checkout (POST /transaction/initialize), GET /transaction/verify/:reference, refunds
// (POST /refund with our refund's id as merchant_note, GET /refund/:id, GET /refund to find one whose
// answer was lost; refund.* webhook events), and the webhook's x-paystack-signature
// (hex HMAC-SHA512 of the raw body keyed with the secret key).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { PaystackConfig } from "../../../config.ts";
import {
  isRefundNote,
  PaymentProviderError,
  WebhookRefused,
  type Checkout,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderRefund,
  type RefundRequest,
  type TransferAccount,
  type VerifiedPayment,
} from "./provider.ts";

/** A shopper waits on checkout for this at most; then the order falls back to the manual transfer. */
const CALL_TIMEOUT_MS = 10_000;

interface PaystackAnswer<T> {
  status: boolean;
  message?: string;
  data?: T;
}

export function paystackSignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export class Paystack implements PaymentProvider {
  readonly name = "paystack";
  constructor(private readonly config: Pick<PaystackConfig, "secretKey" | "baseUrl">) {}

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ httpStatus: number; answer: PaystackAnswer<T> }> {
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.config.secretKey}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      // Only the kind of failure: the request (and its Authorization header) stays out of the message.
      const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not be reached";
      throw new PaymentProviderError(`Paystack ${method} ${pathOnly(path)} ${reason}`, true);
    }
    let answer: PaystackAnswer<T>;
    try {
      answer = (await res.json()) as PaystackAnswer<T>;
    } catch {
      throw new PaymentProviderError(`Paystack ${method} ${pathOnly(path)} answered ${res.status} without JSON`, true);
    }
    return { httpStatus: res.status, answer };
  }

  private async data<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const { httpStatus, answer } = await this.call<T>(method, path, body);
    if (httpStatus >= 300 || !answer.status || !answer.data) {
      // A 4xx is Paystack refusing the request; a 5xx may come after the work was done.
      throw new PaymentProviderError(`Paystack ${method} ${pathOnly(path)} answered ${httpStatus}: ${String(answer.message ?? "no message").slice(0, 200)}`, httpStatus >= 500);
    }
    return answer.data;
  }

  async openTransferAccount(request: PaymentRequest & { expiresAt: Date }): Promise<TransferAccount> {
    const data = await this.data<{
      status: string;
      account_number?: string;
      account_name?: string;
      bank?: { name?: string };
      account_expires_at?: string;
    }>("POST", "/charge", {
      email: request.email,
      amount: request.amountKobo,
      reference: request.reference,
      metadata: request.metadata,
      bank_transfer: { account_expires_at: request.expiresAt.toISOString() },
    });
    if (data.status !== "pending_bank_transfer" || !data.account_number || !data.bank?.name) {
      throw new PaymentProviderError(`Paystack POST /charge gave no transfer account (status ${data.status})`);
    }
    const expires = data.account_expires_at ? new Date(data.account_expires_at) : request.expiresAt;
    return {
      accountNumber: data.account_number,
      accountName: data.account_name ?? "",
      bankName: data.bank.name,
      // Never later than asked: the order's hold ends then.
      expiresAt: Number.isNaN(expires.getTime()) || expires > request.expiresAt ? request.expiresAt : expires,
    };
  }

  async openCheckout(request: PaymentRequest & { callbackUrl: string }): Promise<Checkout> {
    const data = await this.data<{ authorization_url?: string }>("POST", "/transaction/initialize", {
      email: request.email,
      amount: request.amountKobo,
      reference: request.reference,
      callback_url: request.callbackUrl,
      // Naira, whatever the integration's default: a payment in another currency is not counted.
      currency: "NGN",
      channels: ["card", "ussd", "bank"],
      metadata: request.metadata,
    });
    if (!data.authorization_url || !/^https?:\/\//.test(data.authorization_url)) {
      throw new PaymentProviderError("Paystack POST /transaction/initialize gave no authorization_url");
    }
    return { authorizationUrl: data.authorization_url };
  }

  async verify(reference: string): Promise<VerifiedPayment | null> {
    const { httpStatus, answer } = await this.call<{
      status: string;
      reference: string;
      amount: number;
      currency: string;
      channel?: string | null;
      paid_at?: string | null;
      gateway_response?: string | null;
    }>("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
    // Paystack answers an unknown reference with 400/404 and status false.
    if ((httpStatus === 400 || httpStatus === 404) && !answer.status) return null;
    if (httpStatus >= 300 || !answer.status || !answer.data) {
      throw new PaymentProviderError(`Paystack GET /transaction/verify answered ${httpStatus}: ${String(answer.message ?? "no message").slice(0, 200)}`);
    }
    const data = answer.data;
    if (data.reference !== reference || !Number.isInteger(data.amount)) {
      throw new PaymentProviderError("Paystack GET /transaction/verify answered about another payment");
    }
    return {
      reference: data.reference,
      status: data.status,
      amountKobo: data.amount,
      currency: data.currency,
      channel: data.channel ?? null,
      paidAt: data.paid_at ? new Date(data.paid_at) : null,
      gatewayResponse: typeof data.gateway_response === "string" ? data.gateway_response.slice(0, 200) : null,
    };
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    // Paystack answers "Refund has been queued for processing" with the refund (status pending).
    return refundOf(await this.data<PaystackRefund>("POST", "/refund", { transaction: request.transaction, amount: request.amountKobo, merchant_note: request.note }));
  }

  async findRefund(request: RefundRequest & { from: Date; to: Date; known: ReadonlySet<string> }): Promise<ProviderRefund | null> {
    // GET /refund lists the integration's refunds, newest first, filtered by creation date only.
    let byPayment: PaystackListedRefund | null = null;
    for (let page = 1; page <= REFUND_LIST_PAGES; page++) {
      const query = new URLSearchParams({ from: request.from.toISOString(), to: request.to.toISOString(), perPage: String(REFUND_LIST_PER_PAGE), page: String(page) });
      const { httpStatus, answer } = await this.call<PaystackListedRefund[]>("GET", `/refund?${query}`);
      if (httpStatus >= 300 || !answer.status || !Array.isArray(answer.data)) {
        throw new PaymentProviderError(`Paystack GET /refund answered ${httpStatus}: ${String(answer.message ?? "no message").slice(0, 200)}`, true);
      }
      for (const listed of answer.data) {
        if (listed.merchant_note === request.note) return refundOf(listed);
        const samePayment = listed.transaction_reference === request.transaction && Number(listed.amount) === request.amountKobo;
        // Another of our refunds carries its own note; one asked before notes were sent may carry
        // none, or whatever Paystack puts there.
        const anotherOfOurs = isRefundNote(listed.merchant_note ?? "");
        if (samePayment && !anotherOfOurs && !request.known.has(String(listed.id))) byPayment ??= listed;
      }
      if (answer.data.length < REFUND_LIST_PER_PAGE) break;
      // A window this narrow never holds more: a full last page is an error, not a refund never taken.
      if (page === REFUND_LIST_PAGES) throw new PaymentProviderError("Paystack GET /refund: too many refunds in the window to be sure", true);
    }
    return byPayment ? refundOf(byPayment) : null;
  }

  async fetchRefund(id: string): Promise<ProviderRefund> {
    return refundOf(await this.data<PaystackRefund>("GET", `/refund/${encodeURIComponent(id)}`));
  }

  refundEventOf(rawBody: Buffer): string | null {
    let event: { event?: unknown; data?: { transaction_reference?: unknown } };
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      return null;
    }
    if (event.event !== "refund.processed" && event.event !== "refund.failed") return null;
    const reference = event.data?.transaction_reference;
    return typeof reference === "string" && reference.length > 0 && reference.length <= 100 ? reference : null;
  }

  readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): string | null {
    const given = headers["x-paystack-signature"];
    if (typeof given !== "string" || !/^[0-9a-f]{128}$/i.test(given)) throw new WebhookRefused("missing or malformed signature");
    const expected = Buffer.from(paystackSignature(this.config.secretKey, rawBody), "hex");
    if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw new WebhookRefused("signature does not match");
    let event: { event?: unknown; data?: { reference?: unknown } };
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new WebhookRefused("body is not JSON");
    }
    // Only charge.success reports money; everything else (transfers out, refunds…) is acknowledged.
    if (event.event !== "charge.success") return null;
    const reference = event.data?.reference;
    return typeof reference === "string" && reference.length > 0 && reference.length <= 100 ? reference : null;
  }
}

interface PaystackRefund {
  id: number | string;
  status: string;
  amount: number;
}

interface PaystackListedRefund extends PaystackRefund {
  transaction_reference?: string;
  merchant_note?: string | null;
}

const REFUND_LIST_PER_PAGE = 100;
const REFUND_LIST_PAGES = 10;

const refundOf = (data: PaystackRefund): ProviderRefund => ({ id: String(data.id), status: String(data.status), amountKobo: Number(data.amount) });

function pathOnly(path: string): string {
  return path.replace(/\/transaction\/verify\/.*/, "/transaction/verify").replace(/\?.*/, "");
}
