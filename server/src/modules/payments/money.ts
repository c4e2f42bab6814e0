// Money in and money out of an order (decision 034): the only writers of orders.amount_paid.
// Every money event (a verified provider payment, a transfer the owner marks paid, a manual order
// paid at the stall, a refund) calls one of these inside its own transaction, so the stored amount
// is always the sum of what happened; total, amountPaid and the balance read from them
// (common/money.ts) are what every page, email and provider amount uses.
//
// Concurrency: money in is an increment (`amount_paid = amount_paid + x`), which takes the order's
// row lock until the caller's transaction ends; money out is a conditional decrement
// (`WHERE amount_paid >= x`), so two refunds racing can never take out more than came in.
import { Prisma } from "../../generated/prisma/client.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { orderBalance } from "../../../../common/money.ts";
import { ValidationError } from "../errors.ts";
import { UNPAID, UNPAID_SQL } from "./rules.ts";

type Tx = Prisma.TransactionClient;
type Amount = Prisma.Decimal | string;

export const MONEY_MESSAGES = {
  refundTooLarge: (paid: string) => `A refund cannot be more than what was paid: ${formatNaira(paid)}`,
  notPositive: "The amount must be more than ₦0",
} as const;

export interface MoneyIn {
  orderId: string;
  amount: Amount;
  paidAt: Date;
  /** The provider's reference or the owner's bank reference; kept on the order when it becomes paid. */
  reference: string | null;
}

export interface MoneyState {
  total: Prisma.Decimal;
  amountPaid: Prisma.Decimal;
  amountDue: string;
  amountOverpaid: string;
  status: string;
  paymentStatus: string;
  /** This money covered the balance of an open, unpaid order: it is paid now (pending → confirmed). */
  becamePaid: boolean;
}

const MONEY_SELECT = { total: true, amountPaid: true, status: true, paymentStatus: true } as const;

function stateOf(order: { total: Prisma.Decimal; amountPaid: Prisma.Decimal; status: string; paymentStatus: string }, becamePaid: boolean): MoneyState {
  return { ...order, ...orderBalance(order), becamePaid };
}

/**
 * Money reached the shop for this order. Adds it to amount_paid and, when that now covers the total
 * of an open order still awaiting payment, marks the order paid (a pending order is confirmed). A
 * cancelled or expired order is never brought back: its money is held for a refund (amountOverpaid).
 */
export async function recordMoneyIn(tx: Tx, money: MoneyIn): Promise<MoneyState> {
  const amount = new Prisma.Decimal(money.amount);
  if (amount.isNegative()) throw new ValidationError(MONEY_MESSAGES.notPositive, "amount");
  const order = await tx.order.update({ where: { id: money.orderId }, data: { amountPaid: { increment: amount } }, select: MONEY_SELECT });
  // The row is locked by the increment until the caller commits: what we read is what stays.
  const covers = order.amountPaid.gte(order.total) && order.status !== "cancelled" && UNPAID.includes(order.paymentStatus);
  if (!covers) return stateOf(order, false);
  const status = order.status === "pending" ? "confirmed" : order.status;
  await tx.order.update({
    where: { id: money.orderId },
    data: { paymentStatus: "paid", paidAt: money.paidAt, bankReference: money.reference, rejectionReason: null, status, balanceSince: null },
  });
  return stateOf({ ...order, status, paymentStatus: "paid" }, true);
}

/**
 * Money went back to the shopper (a refund). Refused, changing nothing, when it is more than the
 * order's amountPaid (what came in less earlier refunds). The order's statuses are the caller's.
 */
export async function recordMoneyOut(tx: Tx, money: { orderId: string; amount: Amount }): Promise<MoneyState> {
  const amount = new Prisma.Decimal(money.amount);
  if (amount.lte(0)) throw new ValidationError(MONEY_MESSAGES.notPositive, "amount");
  const { count } = await tx.order.updateMany({ where: { id: money.orderId, amountPaid: { gte: amount } }, data: { amountPaid: { decrement: amount } } });
  const order = await tx.order.findUniqueOrThrow({ where: { id: money.orderId }, select: MONEY_SELECT });
  if (count !== 1) throw new ValidationError(MONEY_MESSAGES.refundTooLarge(order.amountPaid.toFixed(2)), "amount");
  return stateOf(order, false);
}

/**
 * The order's total grew (e.g. pieces added to a paid order): if what was paid no longer covers it,
 * the order awaits payment of the balance again (amountDue), and providers are asked for exactly
 * that. It is held until `holdUntil`: pieces added from `since` (their added_at) are released if the
 * balance is still unpaid then (holds.service.ts releaseUnpaidAdditions), and reminded of it as a new
 * order is (a reminder of the first payment does not count). Call it in the transaction that changed
 * the total. Returns the new hold when the order reopened, null otherwise.
 */
export async function reopenForBalance(tx: Tx, orderId: string, since: Date, holdUntil: Date): Promise<Date | null> {
  const reopened = await tx.$executeRaw`
    UPDATE orders SET payment_status = 'awaiting_transfer', paid_at = NULL, balance_since = ${since}, payment_reminded_at = NULL,
      hold_expires_at = ${holdUntil}, hold_extended = false, updated_at = now()
    WHERE id = ${orderId}::uuid AND payment_status = 'paid' AND status <> 'cancelled' AND amount_paid < total`;
  return reopened === 1 ? holdUntil : null;
}

/**
 * The order's total shrank back (its unpaid additions released): when what was paid covers it again,
 * it is paid again, as at `at` (a pending one is confirmed, as recordMoneyIn does). Call it in the
 * transaction that changed the total.
 */
export async function closeBalance(tx: Tx, orderId: string, at: Date): Promise<boolean> {
  const closed = await tx.$executeRaw`
    UPDATE orders SET payment_status = 'paid', paid_at = ${at}, balance_since = NULL, hold_expires_at = NULL, updated_at = now(),
      status = CASE WHEN status = 'pending' THEN 'confirmed'::"OrderStatus" ELSE status END
    WHERE id = ${orderId}::uuid AND payment_status IN (${UNPAID_SQL}) AND status <> 'cancelled' AND amount_paid >= total`;
  return closed === 1;
}
