// The payment part of every order view (thank-you, tracker, account, guest lookup): the bank details,
// countdown and receipt form only while payment is due; otherwise one clear sentence saying that the
// receipt is being checked, the order is paid, or it was cancelled. The rule is common/payment-state.ts,
// shared with the emails; what arrived and what is left are the server's amountPaid and amountDue
// (decision 034), worded by common/money.ts as the emails word them.
import { lazy, Suspense, useState } from "react";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { holdRuns, PAYMENT_STATE_MESSAGES, paymentIsDue, paymentState, rejectionSentence } from "../../../../common/payment-state.ts";
import { orderStatusLabel } from "../../../../common/order-status.ts";
import { isPartPaid, moneySentence } from "../../../../common/money.ts";
import { PayByTransfer } from "./PayByTransfer.tsx";
import { hasProviderPayment } from "./provider-payment.ts";
import { usePaymentPoll } from "./use-payment-poll.ts";

// Only orders paid through Paystack show it: the others never download it.
const ProviderPaymentDetails = lazy(() => import("./ProviderPaymentDetails.tsx").then((module) => ({ default: module.ProviderPaymentDetails })));
// The receipt form shows under the bank details while a bank transfer is due (or on "Send another
// receipt"): it follows them instead of delaying every order view, and a paid order never loads it.
const ReceiptUpload = lazy(() => import("./ReceiptUpload.tsx").then((module) => ({ default: module.ReceiptUpload })));

export const OrderPaymentFragment = graphql(`
  fragment OrderPaymentState on Order {
    id
    shortOrderId
    status
    balanceSince
    paymentStatus
    rejectionReason
    amountPaid
    amountDue
    amountOverpaid
    ...PayByTransfer
    ...ReceiptUpload
    ...ProviderPaymentDetails
  }
`);

export interface OrderPaymentProps {
  order: FragmentType<typeof OrderPaymentFragment>;
  /** Guests who opened the order with reference + phone prove ownership with the phone. */
  phone?: string | null;
  /** Reads the order again: given, the view polls while the order waits for a provider payment. */
  refresh?: () => unknown;
}

export function OrderPayment(props: OrderPaymentProps) {
  const order = getFragmentData(OrderPaymentFragment, props.order);
  const state = paymentState(order);
  const cancelled = order.status === "cancelled" || order.paymentStatus === "expired";
  const money = moneySentence(cancelled, order);
  const [another, setAnother] = useState(false);
  const awaitsProvider = paymentIsDue(state) && hasProviderPayment({ order });
  usePaymentPoll(awaitsProvider, props.refresh);
  const receiptForm = (
    <Suspense fallback={null}>
      <ReceiptUpload order={order} phone={props.phone} onUploaded={() => setAnother(false)} />
    </Suspense>
  );

  // A Paystack order pays its own way (no receipt); without a usable provider payment, manually.
  if (awaitsProvider) {
    return (
      <div className="order-payment" data-payment-state={state}>
        <Suspense fallback={null}>
          <ProviderPaymentDetails order={order} />
        </Suspense>
      </div>
    );
  }
  if (paymentIsDue(state)) {
    return (
      <div className="order-payment" data-payment-state={state}>
        {state === "rejected" && (
          <p className="payment-rejected" role="alert">
            {rejectionSentence(order.rejectionReason!, "Please check the transfer and upload a new receipt below.")}
          </p>
        )}
        {isPartPaid(order) && (
          <p className="payment-part-paid" role="status">
            <strong>{money}</strong> Please transfer the rest to our account below with your order reference in the narration, then upload the
            receipt.
          </p>
        )}
        {/* Moved on unpaid by the owner (decision 032): still owed, but no hold counts down any more. */}
        {!holdRuns(order) && (
          <p className="payment-still-due" role="status">
            Your order is {orderStatusLabel(order.status).toLowerCase()}; its payment has not reached us yet. Please transfer the amount below.
          </p>
        )}
        <PayByTransfer order={order} />
        {receiptForm}
      </div>
    );
  }
  if (state === "under_review") {
    return (
      <div className="order-payment" data-payment-state={state}>
        <div className="payment-review-note no-print" role="status">
          <p>We have your receipt for order {order.shortOrderId} and are checking it against our bank account. We will email you once the payment is confirmed.</p>
          {!another && (
            <button type="button" className="button button--ghost button--small" onClick={() => setAnother(true)}>
              Send another receipt
            </button>
          )}
        </div>
        {another && receiptForm}
      </div>
    );
  }
  // Money held for a cancelled order replaces its "Nothing more to pay"; an over-payment follows "paid".
  return (
    <p className={`order-payment payment-state payment-state--${state}`} data-payment-state={state} role="status">
      {cancelled && money ? money : [PAYMENT_STATE_MESSAGES[state], money].filter(Boolean).join(" ")}
    </p>
  );
}
