// Paystack from the public payment page (/pay/<shortOrderId>, issue 35, decision 035 addendum of
// 27 Nov 2026): whoever holds an unpaid order's link may open a one-time account or a checkout page
// for exactly its amountDue. The link travels through chats, so this grants no access to the order:
// the caller gets the payment's public details only, and the payment is marked so that its reference
// never opens the order either (confirmCardPayment). Settling stays with the webhook, reconciliation
// and the card's return (provider-payments.service.ts), which write the money through money.ts.
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { orderBalance } from "../../../../common/money.ts";
import type { PaymentMethodName } from "../../../../common/payment-methods.ts";
import { toKobo } from "../../../../common/kobo.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { openProviderPayment, PROVIDER_MESSAGES, requireProvider } from "./provider-payments.service.ts";
import { assertTakesPayment } from "./rules.ts";

export type PaymentPageMethod = Exclude<PaymentMethodName, "bank_transfer">;

export const PAYMENT_PAGE_MESSAGES = {
  notFound: "No order has that reference. Please check the link the shop sent you.",
  manualMethod: "Pay by bank transfer with the account details on this page, then upload the receipt.",
} as const;

/** A one-time account still this close to its end is not offered again: the buyer gets a fresh one. */
const ACCOUNT_MARGIN_MS = 10 * 60_000;

/** What the payment page may show of a provider payment: how to pay, nothing about the buyer. */
export interface PaymentPagePayment {
  method: PaymentPageMethod;
  amount: string;
  accountNumber: string | null;
  accountName: string | null;
  bankName: string | null;
  accountExpiresAt: Date | null;
  checkoutUrl: string | null;
}

/**
 * Opens (or finds still open) a provider payment of `method` for the order `orderId`, for its
 * amountDue. Refused, writing nothing, for a paid, cancelled or expired order, the manual method and
 * a shop without Paystack. A pending payment opened from the page for the same amount that can still
 * take the money is given again rather than a new one per click.
 */
export async function openPaymentPagePayment(prisma: Db, config: Config, orderId: string, method: PaymentMethodName, now = new Date()): Promise<PaymentPagePayment> {
  if (method === "bank_transfer") throw new ValidationError(PAYMENT_PAGE_MESSAGES.manualMethod, "method");
  requireProvider(config);
  const order = await prisma.order.findUnique({ where: { id: orderId } });
  if (!order) throw new NotFoundError(PAYMENT_PAGE_MESSAGES.notFound);
  assertTakesPayment(order, now);
  const amountDue = orderBalance(order).amountDue;
  const channel = method === "paystack_transfer" ? "bank_transfer" : "checkout";
  const open = await prisma.providerPayment.findFirst({
    where: {
      orderId,
      fromPaymentPage: true,
      status: "pending",
      channel,
      amountKobo: toKobo(amountDue),
      ...(method === "paystack_transfer" ? { accountNumber: { not: null }, accountExpiresAt: { gt: new Date(now.getTime() + ACCOUNT_MARGIN_MS) } } : { checkoutUrl: { not: null } }),
    },
    orderBy: { createdAt: "desc" },
  });
  if (open) {
    const { accountNumber, accountName, bankName, accountExpiresAt, checkoutUrl } = open;
    return { method, amount: amountDue, accountNumber, accountName, bankName, accountExpiresAt, checkoutUrl };
  }
  const opened = await openProviderPayment(prisma, config, { ...order, amountDue }, method, { fromPaymentPage: true });
  if (opened.kind === "unavailable") {
    // Never opened as far as we know: not checked again (a webhook for it would still settle it).
    await prisma.providerPayment.updateMany({ where: { id: opened.paymentId, status: "pending" }, data: { status: "failed", failureReason: "provider unreachable" } });
    throw new ValidationError(PROVIDER_MESSAGES.unreachable);
  }
  if (opened.kind === "transfer") {
    const { account } = opened;
    return { method, amount: amountDue, accountNumber: account.accountNumber, accountName: account.accountName, bankName: account.bankName, accountExpiresAt: account.expiresAt, checkoutUrl: null };
  }
  return { method, amount: amountDue, accountNumber: null, accountName: null, bankName: null, accountExpiresAt: null, checkoutUrl: opened.authorizationUrl };
}
