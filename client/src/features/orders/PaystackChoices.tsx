// The payment page's Paystack choices (/pay/<shortOrderId>, issue 35, decision 035 addendum of 27 Nov
// 2026), loaded only when the shop has Paystack and the order is due: the buyer picks the one-time
// account (copyable, with its expiry) or Paystack's checkout page for the order's amountDue. The server
// opens the payment (or gives again the one it opened) and answers with how to pay only; the page then
// reads the order again with the payment poll's backoff until it is paid. Back from the checkout
// (?reference=… on the link), the payment is verified at once instead of waiting for the webhook.
import { useEffect, useRef, useState } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { PaymentMethod, PaystackChoiceOpenMutation } from "../../gql/graphql.ts";
import { resultError } from "../../lib/mutation-result.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { OneTimeAccountDetails } from "./OneTimeAccountDetails.tsx";
import { usePaymentPoll } from "./use-payment-poll.ts";

const PaystackChoiceOpen = graphql(`
  mutation PaystackChoiceOpen($reference: String!, $method: PaymentMethod!) {
    openPaymentPagePayment(reference: $reference, method: $method) {
      __typename
      ... on Error {
        message
      }
      ... on MutationOpenPaymentPagePaymentSuccess {
        data {
          method
          amount
          accountNumber
          accountName
          bankName
          accountExpiresAt
          checkoutUrl
        }
      }
    }
  }
`);

const PaystackChoiceReturn = graphql(`
  mutation PaystackChoiceReturn($reference: String!) {
    confirmCardPayment(reference: $reference) {
      __typename
      ... on Error {
        message
      }
      ... on MutationConfirmCardPaymentSuccess {
        data {
          outcome
          message
        }
      }
    }
  }
`);

// The buyer's two buttons (worded for the page, not checkout's radio labels: importing those would
// split common/payment-methods.ts out of the checkout's chunk, one more file on its budget).
const CHOICES: Partial<Record<PaymentMethod, string>> = {
  paystack_transfer: "Pay into a one-time account (confirmed automatically)",
  paystack_card: "Pay by card / USSD / bank app",
};

const CHECK_FAILED = "We could not check your payment just now. If you paid, this page says so within a few minutes; please reload it then.";

type Opened = Extract<PaystackChoiceOpenMutation["openPaymentPagePayment"], { __typename: "MutationOpenPaymentPagePaymentSuccess" }>["data"];

export interface PaystackChoicesProps {
  /** The order's short id (the link's reference). */
  reference: string;
  /** The Paystack methods the shop offers now. */
  methods: PaymentMethod[];
  /** Reads the payment page again (the order says paid once the webhook or the verification settles it). */
  refresh: () => unknown;
  /** Back from Paystack's checkout: the payment's reference (?reference=…), verified at once. */
  returnedReference: string | null;
}

export function PaystackChoices(props: PaystackChoicesProps) {
  const [open, { loading }] = useMutation(PaystackChoiceOpen);
  const [confirm] = useMutation(PaystackChoiceReturn);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(props.returnedReference !== null);
  const asked = useRef(false);
  // A one-time account shown, or a card payment being checked: the page asks until it says paid.
  usePaymentPoll(opened?.method === "paystack_transfer" || checking, props.refresh);

  useEffect(() => {
    if (asked.current || !props.returnedReference) return;
    asked.current = true;
    void confirm({ variables: { reference: props.returnedReference } })
      .then(({ data }) => {
        const result = data?.confirmCardPayment;
        const failed = result?.__typename !== "MutationConfirmCardPaymentSuccess" ? resultError(result, CHECK_FAILED) : result.data.outcome === "failed" ? result.data.message : null;
        if (failed) {
          setChecking(false);
          setProblem(failed);
        }
        return props.refresh();
      })
      .catch(() => {
        setChecking(false);
        setProblem(CHECK_FAILED);
      });
  });

  async function choose(method: PaymentMethod) {
    setProblem(null);
    setChecking(false);
    const { data } = await open({ variables: { reference: props.reference, method } }).catch(() => ({ data: null }));
    const result = data?.openPaymentPagePayment;
    if (result?.__typename === "MutationOpenPaymentPagePaymentSuccess") setOpened(result.data);
    else setProblem(resultError(result, "We could not reach our payment partner. Please try again, or pay by bank transfer below."));
  }

  return (
    <section className="pay-by-transfer paystack-choices" aria-labelledby="paystack-choices-title">
      <h2 id="paystack-choices-title">Pay with Paystack</h2>
      {checking ? (
        <p role="status">Checking your payment with Paystack... This page updates by itself once it is confirmed.</p>
      ) : (
        <div className="paystack-choices__buttons">
          {props.methods.map((method) => (
            <button
              key={method}
              type="button"
              className={opened?.method === method ? "button" : "button button--ghost"}
              aria-pressed={opened?.method === method}
              disabled={loading}
              onClick={() => void choose(method)}
            >
              {CHOICES[method] ?? method}
            </button>
          ))}
        </div>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {opened && !checking && <OpenedPayment payment={opened} />}
    </section>
  );
}

function OpenedPayment({ payment }: { payment: Opened }) {
  if (payment.checkoutUrl) {
    return (
      <div className="pay-by-card">
        <p>Pay securely on Paystack; you will come back to this page once it is done.</p>
        <a className="button" href={payment.checkoutUrl}>
          Pay {formatNaira(payment.amount)} on Paystack
        </a>
      </div>
    );
  }
  return (
    <div className="one-time-account" id="one-time-account">
      <p role="status">
        Transfer <strong>exactly {formatNaira(payment.amount)}</strong> to this one-time account. It is for this order only: your payment is confirmed
        automatically within moments, no receipt needed. This page says so by itself.
      </p>
      <OneTimeAccountDetails amount={payment.amount} account={payment} />
    </div>
  );
}
