// What the shopper is told about their payment. Queued in the transaction of the decision.
import { formatNaira } from "../../../../common/naira.ts";
import { fromKobo, toKobo } from "../../../../common/kobo.ts";
import { holdRuns, PAYMENT_STATE_MESSAGES, paymentIsDue, paymentState, rejectionSentence, type PaymentFacts } from "../../../../common/payment-state.ts";
import type { StoreSettings } from "../../../../common/store-settings.ts";
import type { EmailMessage } from "../../mail/outbox.ts";
import { heldForCancelledSentence, isPartPaid, latePaymentSentence, moneySentence, orderBalance, overpaidSentence, partPaidLine } from "../../../../common/money.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";

export interface OrderForEmail {
  shortOrderId: string;
  customerName: string;
  /** Null for a buyer who gave no email: the message is not sent (mail/outbox.ts). */
  customerEmail: string | null;
  total: { toString(): string };
}

function trackLink(publicUrl: string, order: OrderForEmail): string {
  return `${publicUrl}/track-order/${order.shortOrderId}`;
}

export function receiptReceivedEmail(publicUrl: string, order: OrderForEmail, holdExpiresAt: Date | null): EmailMessage {
  return {
    to: order.customerEmail,
    subject: `We received your payment receipt for order ${order.shortOrderId}`,
    body:
      `Hello ${order.customerName},\n\nThanks! We received your transfer receipt for order ${order.shortOrderId} ` +
      `(${formatNaira(order.total.toString())}). We will check it against our bank account and confirm your payment soon.` +
      (holdExpiresAt ? `\nYour items stay reserved until ${formatLagosTime(holdExpiresAt)}.` : "") +
      `\n\nTrack your order: ${trackLink(publicUrl, order)}\n`,
  };
}

/** Money as the emails take it: the order's stored amountPaid and the balance read from it. */
export interface MoneyForEmail {
  amountPaid: { toFixed(digits: number): string };
  amountDue: string;
  amountOverpaid: string;
}

const moneyFacts = (money: MoneyForEmail) => ({ amountPaid: money.amountPaid.toFixed(2), amountDue: money.amountDue, amountOverpaid: money.amountOverpaid });
/** "4000.00" from a Decimal or a string. */
const toMoney = (amount: { toString(): string }) => fromKobo(toKobo(amount.toString()));

export function paymentConfirmedEmail(publicUrl: string, order: OrderForEmail, money: MoneyForEmail): EmailMessage {
  const over = Number(money.amountOverpaid) > 0 ? `\n${overpaidSentence(money.amountOverpaid)}\n` : "";
  return {
    to: order.customerEmail,
    subject: `Payment confirmed for order ${order.shortOrderId}`,
    body:
      `Hello ${order.customerName},\n\nWe have received your payment of ${formatNaira(money.amountPaid.toFixed(2))} ` +
      `for order ${order.shortOrderId}. Your order is confirmed and we are getting it ready.\n${over}\n` +
      `Track your order: ${trackLink(publicUrl, order)}\n`,
  };
}

/**
 * Money arrived that did not settle the order: part of the balance (what arrived, what is left and
 * how to pay it), a payment for an order already cancelled, or more after it was paid.
 */
export function paymentReceivedEmail(
  publicUrl: string,
  store: BankDetails,
  order: OrderForEmail & { holdExpiresAt?: Date | null },
  money: MoneyForEmail & { status: string; paymentStatus: string },
  received: string,
): EmailMessage {
  const cancelled = money.status === "cancelled" || money.paymentStatus === "expired";
  const facts = moneyFacts(money);
  const [subject, text] = cancelled
    ? [`Your payment for cancelled order ${order.shortOrderId} arrived`, latePaymentSentence(received)]
    : isPartPaid(facts)
      ? [
          `We received ${formatNaira(received)} for order ${order.shortOrderId}: ${formatNaira(money.amountDue)} still to pay`,
          `${partPaidLine(facts.amountPaid, facts.amountDue)}.\n` +
            paymentParagraph(store, { ...order, ...facts, holdExpiresAt: order.holdExpiresAt ?? null, status: money.status, paymentStatus: money.paymentStatus }),
        ]
      : [`We received another payment for order ${order.shortOrderId}`, overpaidSentence(money.amountOverpaid)];
  return {
    to: order.customerEmail,
    subject,
    body: `Hello ${order.customerName},\n\nWe received ${formatNaira(received)} for order ${order.shortOrderId}.\n${text}\n\nYour order: ${trackLink(publicUrl, order)}\n`,
  };
}

export function paymentRejectedEmail(publicUrl: string, order: OrderForEmail, reason: string): EmailMessage {
  return {
    to: order.customerEmail,
    subject: `We could not confirm your payment for order ${order.shortOrderId}`,
    body:
      `Hello ${order.customerName},\n\nWe could not confirm the transfer for order ${order.shortOrderId} ` +
      `(${formatNaira(order.total.toString())}).\nReason: ${reason}\n\n` +
      `Please check the transfer and upload a new receipt, or chat with us on WhatsApp.\n\n` +
      `Order details: ${trackLink(publicUrl, order)}\n`,
  };
}

export function orderExpiredEmail(publicUrl: string, order: OrderForEmail & { amountPaid: string }): EmailMessage {
  // Part of the money may have arrived (a short payment): it is acknowledged, not left unsaid.
  const held = Number(order.amountPaid) > 0 ? `${heldForCancelledSentence(order.amountPaid)}\n` : "";
  return {
    to: order.customerEmail,
    subject: `Order ${order.shortOrderId} was cancelled: no payment received in time`,
    body:
      `Hello ${order.customerName},\n\nWe did not receive payment of ${formatNaira(order.total.toString())} for order ` +
      `${order.shortOrderId} before its reservation ended, so the order was cancelled and the items were released.\n` +
      held +
      `If you already paid, reply to this email or chat with us on WhatsApp and we will sort it out.\n\n` +
      `Shop again: ${publicUrl}/products\n`,
  };
}

/** A paid order's additions went back on sale: their balance was not paid in time. */
export function additionsReleasedEmail(
  publicUrl: string,
  order: OrderForEmail,
  released: { productName: string; quantity: number; price: string }[],
  paidAgain: boolean,
): EmailMessage {
  const lines = released.map((item) => `- ${item.productName} × ${item.quantity} @ ${formatNaira(item.price)}`).join("\n");
  return {
    to: order.customerEmail,
    subject: `Order ${order.shortOrderId}: the pieces added were released`,
    body:
      `Hello ${order.customerName},\n\nWe did not receive the balance for the pieces added to order ${order.shortOrderId} before ` +
      `their reservation ended, so they went back on sale:\n\n${lines}\n\n${paidAgain ? "The rest of your order goes ahead as paid.\n" : ""}` +
      `If you already paid the balance, reply to this email or chat with us on WhatsApp and we will sort it out.\n\n` +
      `Track your order: ${publicUrl}/track-order/${order.shortOrderId}\n`,
  };
}

export interface OrderPaymentForEmail extends PaymentFacts {
  shortOrderId: string;
  total: { toString(): string };
  /** The order's stored amountPaid (decision 034). */
  amountPaid: { toString(): string };
  holdExpiresAt: Date | null;
}

type BankDetails = Pick<StoreSettings, "bankAccountName" | "bankName" | "bankAccountNumber">;

/**
 * The payment paragraph of any email about an order (the same rule as the pages'
 * OrderPayment): the bank details and the balance only while payment is due, otherwise where the
 * payment stands and any money held; the hold's deadline only while the hold runs (holdRuns).
 */
export function paymentParagraph(store: BankDetails, order: OrderPaymentForEmail): string {
  const state = paymentState(order);
  const balance = orderBalance(order);
  const amountPaid = toMoney(order.amountPaid);
  const cancelled = order.status === "cancelled" || order.paymentStatus === "expired";
  const money = moneySentence(cancelled, { ...balance, amountPaid });
  if (!paymentIsDue(state)) {
    // Money held for a cancelled order replaces its "Nothing more to pay"; anything else follows.
    if (cancelled && money) return `Payment: ${money}`;
    return `Payment: ${PAYMENT_STATE_MESSAGES[state]}${money ? ` ${money}` : ""}`;
  }
  const rejected = state === "rejected" ? `${rejectionSentence(order.rejectionReason!)}\n` : "";
  return (
    rejected +
    (money ? `${money}\n` : "") +
    `Please pay ${formatNaira(balance.amountDue)} by bank transfer to ${store.bankAccountName}, ${store.bankName}, account ${store.bankAccountNumber}, ` +
    `with ${order.shortOrderId} in the narration` +
    (order.holdExpiresAt && holdRuns(order) ? `, before ${formatLagosTime(order.holdExpiresAt)}; unpaid orders are released after that.` : ".")
  );
}

// The owner's emails (to STORE_EMAIL): every receipt to check, every automatic payment, and at once
// any provider payment that needs a decision.

export interface OrderForOwner {
  id: string;
  shortOrderId: string;
  customerName: string;
  total: { toString(): string };
}

function adminLink(publicUrl: string, order: { shortOrderId: string }): string {
  return `${publicUrl}/admin?tab=orders (order ${order.shortOrderId})`;
}

export function ownerReceiptEmail(publicUrl: string, ownerEmail: string, order: OrderForOwner, sender: { senderName: string; senderBank: string }): EmailMessage {
  return {
    to: ownerEmail,
    subject: `Receipt to check: order ${order.shortOrderId} (${formatNaira(order.total.toString())})`,
    body:
      `${order.customerName} uploaded a transfer receipt for order ${order.shortOrderId}: ${formatNaira(order.total.toString())} ` +
      `from ${sender.senderName} at ${sender.senderBank}.\nCheck it against the bank account, then mark it paid or reject it:\n` +
      `${adminLink(publicUrl, order)}\n`,
  };
}

export interface ProviderPaymentForOwner {
  provider: string;
  reference: string;
  channel: string;
  paidKobo: number;
  paidAt: Date | null;
}

function paymentLine(payment: ProviderPaymentForOwner, paid: string): string {
  return `${paid} by ${payment.channel} through ${payment.provider}, reference ${payment.reference}` + (payment.paidAt ? `, at ${formatLagosTime(payment.paidAt)}` : "");
}

export function ownerPaymentLandedEmail(publicUrl: string, ownerEmail: string, order: OrderForOwner, payment: ProviderPaymentForOwner, paid: string): EmailMessage {
  return {
    to: ownerEmail,
    subject: `Paid: order ${order.shortOrderId} (${formatNaira(paid)}, confirmed by ${payment.provider})`,
    body: `Order ${order.shortOrderId} for ${order.customerName} is paid: ${paymentLine(payment, formatNaira(paid))}.\nIt is confirmed and ready to pack:\n${adminLink(publicUrl, order)}\n`,
  };
}

export type PaymentFlagName = "short" | "over" | "late" | "unmatched" | "duplicate";

/** What each flag asks of the owner. `difference` is the absolute difference in naira. */
export function flagAdvice(flag: PaymentFlagName, difference: string): string {
  switch (flag) {
    case "short":
      return `It is ${formatNaira(difference)} short of the order total, so the order is NOT marked paid. Ask the shopper for the difference or refund the payment.`;
    case "over":
      return `It is ${formatNaira(difference)} more than the order total. The order is marked paid; refund the difference.`;
    case "late":
      return "The order had already been cancelled or had expired, or the pieces this payment was for had been released, so nothing was brought back. Refund the payment, or contact the shopper if the items are still available.";
    case "unmatched":
      return "No order of the store has this payment reference. Find out who paid and why.";
    case "duplicate":
      return "The order was already paid by another payment. Refund one of them.";
  }
}

export function ownerPaymentFlaggedEmail(
  publicUrl: string,
  ownerEmail: string,
  order: OrderForOwner | null,
  payment: ProviderPaymentForOwner,
  flag: PaymentFlagName,
  paid: string,
  difference: string,
): EmailMessage {
  const about = order ? `order ${order.shortOrderId}` : `reference ${payment.reference}`;
  return {
    to: ownerEmail,
    subject: `Payment needs you (${flag}): ${about}, ${formatNaira(paid)}`,
    body:
      `A payment arrived: ${paymentLine(payment, formatNaira(paid))}` +
      (order ? ` for order ${order.shortOrderId} (${order.customerName}, total ${formatNaira(order.total.toString())}).` : ".") +
      `\n${flagAdvice(flag, difference)}\n` +
      (order ? `${adminLink(publicUrl, order)}\n` : `${publicUrl}/admin\n`),
  };
}
