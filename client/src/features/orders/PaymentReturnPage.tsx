// /payment/return?reference=…&trxref=…: where Paystack's checkout sends the shopper back. The page
// never trusts the address: it asks the server, which asks Paystack (confirmCardPayment), and says
// paid (with the "Order Confirmed" dialog, as checkout shows it for the other methods), still waiting
// for the bank (asking again by itself), part paid with how to pay the rest, or what went wrong with
// a way to try again (decision 027). Amounts are the order's amountPaid and amountDue (decision 034).
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { PaymentReturnConfirmMutation } from "../../gql/graphql.ts";
import { usePageMeta } from "../../lib/page-meta.ts";
import { resultError } from "../../lib/mutation-result.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { partPaidLine } from "../../../../common/money.ts";
import { OrderConfirmedDialog } from "./OrderConfirmedDialog.tsx";
import { usePaymentPoll } from "./use-payment-poll.ts";
import "../../personal-pages.css";

const PaymentReturnConfirm = graphql(`
  mutation PaymentReturnConfirm($reference: String!) {
    confirmCardPayment(reference: $reference) {
      __typename
      ... on Error {
        message
      }
      ... on MutationConfirmCardPaymentSuccess {
        data {
          outcome
          message
          order {
            id
            shortOrderId
            paymentMethod
            paymentStatus
            amountPaid
            amountDue
          }
        }
      }
    }
  }
`);

const PaymentReturnRetry = graphql(`
  mutation PaymentReturnRetry($reference: String!) {
    retryCardPayment(reference: $reference) {
      __typename
      ... on Error {
        message
      }
      ... on MutationRetryCardPaymentSuccess {
        data {
          authorizationUrl
        }
      }
    }
  }
`);

type Verdict = Extract<PaymentReturnConfirmMutation["confirmCardPayment"], { __typename: "MutationConfirmCardPaymentSuccess" }>["data"];

const FLAGGED: Record<string, string> = {
  short: "Paystack received less than your order total, so the order is not paid yet. Pay the rest by card below, or by bank transfer from your order page.",
  over: "Paystack received more than your order total. Your order is paid and we will refund the difference.",
  late: "Your payment arrived after the order was cancelled. We will refund you or contact you shortly.",
  duplicate: "This order had already been paid. We will refund the extra payment.",
  unmatched: "We received a payment we could not match to your order. We will contact you.",
};

export function PaymentReturnPage() {
  usePageMeta({ title: "Payment" });
  const [params] = useSearchParams();
  const reference = params.get("reference") ?? params.get("trxref") ?? "";
  const [confirm] = useMutation(PaymentReturnConfirm);
  const [retry, { loading: retrying }] = useMutation(PaymentReturnRetry);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(true);
  const asked = useRef(false);
  const [dialogOpen, setDialogOpen] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);

  async function check() {
    setChecking(true);
    setProblem(null);
    try {
      const { data } = await confirm({ variables: { reference } });
      const result = data?.confirmCardPayment;
      if (result?.__typename === "MutationConfirmCardPaymentSuccess") setVerdict(result.data);
      else setProblem(resultError(result, "We could not check your payment. Please try again."));
    } catch {
      setProblem("We could not check your payment. Please check your connection and try again.");
    } finally {
      setChecking(false);
    }
  }

  useEffect(() => {
    if (asked.current || !reference) return;
    asked.current = true;
    void check();
  });
  // The bank has not answered yet: ask again by itself, with backoff (issue 40, finding 4).
  usePaymentPoll(verdict?.outcome === "pending", check);

  async function tryAgain() {
    const { data } = await retry({ variables: { reference } }).catch(() => ({ data: null }));
    const result = data?.retryCardPayment;
    if (result?.__typename === "MutationRetryCardPaymentSuccess") window.location.assign(result.data.authorizationUrl);
    else setProblem(resultError(result, "We could not reach our payment partner. Please try again in a minute."));
  }

  if (!reference) {
    return (
      <section className="container payment-return">
        <h1>No payment to check</h1>
        <p>Open your order from the link in your email to see how it stands.</p>
        <Link to="/track-order" className="button">
          Track an order
        </Link>
      </section>
    );
  }
  if (checking && !verdict) return <p className="page-status">Checking your payment with Paystack...</p>;

  const order = verdict?.order;
  const trackLink = order && (
    <Link to={`/track-order/${order.shortOrderId}`} className="button button--ghost">
      View order {order.shortOrderId}
    </Link>
  );
  return (
    <section className="container payment-return" data-outcome={verdict?.outcome ?? "error"}>
      {verdict?.outcome === "paid" && (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Payment received
          </h1>
          <p role="status">
            Thank you! We received {formatNaira(order!.amountPaid)} for order <strong className="order-reference">{order!.shortOrderId}</strong>. Your order is
            confirmed and we are getting it ready. A confirmation email is on its way.
          </p>
          {dialogOpen && (
            <OrderConfirmedDialog
              order={order!}
              onClose={() => {
                setDialogOpen(false);
                heading.current?.focus();
              }}
            />
          )}
        </>
      )}
      {verdict?.outcome === "pending" && (
        <>
          <h1>Waiting for your bank</h1>
          <p role="status">Paystack is still waiting for your bank to confirm the payment. This usually takes a moment.</p>
          <button type="button" className="button" onClick={() => void check()} disabled={checking}>
            {checking ? "Checking..." : "Check again"}
          </button>
        </>
      )}
      {verdict?.outcome === "failed" && (
        <>
          <h1>Payment not completed</h1>
          <p role="alert">{verdict.message}</p>
          <p>Your order {order!.shortOrderId} is still reserved for you. You can try again, or pay by bank transfer from your order page.</p>
          <button type="button" className="button" onClick={() => void tryAgain()} disabled={retrying}>
            {retrying ? "Opening Paystack..." : "Try again"}
          </button>
        </>
      )}
      {verdict && FLAGGED[verdict.outcome] && (
        <>
          <h1>Payment received</h1>
          {verdict.outcome === "short" && (
            <p className="payment-part-paid">
              <strong>{partPaidLine(order!.amountPaid, order!.amountDue)}</strong>
            </p>
          )}
          <p role="status">{FLAGGED[verdict.outcome]}</p>
          {verdict.outcome === "short" && (
            <button type="button" className="button" onClick={() => void tryAgain()} disabled={retrying}>
              {retrying ? "Opening Paystack..." : `Pay ${formatNaira(order!.amountDue)} by card`}
            </button>
          )}
        </>
      )}
      {problem && (
        <>
          {!verdict && <h1>We could not check your payment</h1>}
          <p role="alert">{problem}</p>
          {!verdict && (
            <button type="button" className="button" onClick={() => void check()} disabled={checking}>
              Check again
            </button>
          )}
        </>
      )}
      <p className="payment-return__actions">{trackLink}</p>
    </section>
  );
}
