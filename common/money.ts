// The money model (decision 034), as both sides read it: an order's balance from its total and what
// reached the shop (amountPaid, written only by server/src/modules/payments/money.ts), and the
// words every page and email uses for it. The server answers these as Order.amountDue and
// Order.amountOverpaid; pages and emails never work a balance out themselves.
import { formatNaira } from "./naira.ts";
import { fromKobo, toKobo } from "./kobo.ts";

/** Amounts as strings ("4500.50") or the server's Decimals. */
type Amount = string | { toString(): string };

export interface OrderMoney {
  total: Amount;
  amountPaid: Amount;
  status: string;
  paymentStatus: string;
}

export interface OrderBalance {
  /** What the shopper still has to pay: 0 once paid or cancelled, never negative. */
  amountDue: string;
  /** Money the shop holds beyond what the order asks: the excess of an over-payment, or all of a
   *  payment that reached a cancelled order. The shop refunds it or contacts the shopper. */
  amountOverpaid: string;
}

const kobo = (amount: Amount): number => toKobo(amount.toString());

export function orderBalance(order: OrderMoney): OrderBalance {
  const total = kobo(order.total);
  const paid = kobo(order.amountPaid);
  if (order.status === "cancelled" || order.paymentStatus === "expired") return { amountDue: "0.00", amountOverpaid: fromKobo(paid) };
  // Paid is the owner's or the provider's settled word: a refund after it (a claim) is not a debt.
  const due = order.paymentStatus === "paid" ? 0 : Math.max(total - paid, 0);
  return { amountDue: fromKobo(due), amountOverpaid: fromKobo(Math.max(paid - total, 0)) };
}

/** "₦4,000 received · ₦1,000 to pay": shown while part of the money has arrived. */
export function partPaidLine(amountPaid: string, amountDue: string): string {
  return `${formatNaira(amountPaid)} received · ${formatNaira(amountDue)} to pay`;
}

/** True when some money arrived but not all of it (a short payment, or a total that grew). */
export function isPartPaid(money: { amountPaid: string; amountDue: string }): boolean {
  return Number(money.amountPaid) > 0 && Number(money.amountDue) > 0;
}

/** The event: a payment reached an order that was already cancelled (the email of that moment). */
export function latePaymentSentence(amount: string): string {
  return `Your payment of ${formatNaira(amount)} arrived after this order was cancelled. We will refund it or contact you about it.`;
}

/** The standing fact on a cancelled order that holds money, whenever it arrived. */
export function heldForCancelledSentence(amount: string): string {
  return `This order is cancelled, and your payment of ${formatNaira(amount)} reached us. We will refund it or contact you about it.`;
}

/** More than the order asks reached the shop while it is open or paid. */
export function overpaidSentence(amount: string): string {
  return `You paid ${formatNaira(amount)} more than the order total. We will refund the difference or contact you about it.`;
}

export interface MoneyFacts {
  amountPaid: string;
  amountDue: string;
  amountOverpaid: string;
}

/**
 * What pages and emails add to the payment state's own sentence about the money itself: money held
 * for a cancelled order, an over-payment, or what arrived and what is left. Null when nothing.
 */
export function moneySentence(cancelled: boolean, money: MoneyFacts): string | null {
  if (Number(money.amountOverpaid) > 0) return cancelled ? heldForCancelledSentence(money.amountOverpaid) : overpaidSentence(money.amountOverpaid);
  return isPartPaid(money) ? `${partPaidLine(money.amountPaid, money.amountDue)}.` : null;
}
