// The order's status history with times (statuses only: safe for anyone holding the reference).
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { orderPaymentLabel, orderStatusLabel } from "../../../../common/order-status.ts";

const PaymentsStatusHistoryQuery = graphql(`
  query PaymentsStatusHistory($reference: String!) {
    orderStatusHistory(reference: $reference) {
      status
      paymentStatus
      at
    }
  }
`);

export function stepLabel(step: { status: string; paymentStatus: string }, previous?: { status: string; paymentStatus: string }): string {
  if (!previous) return "Order placed";
  if (step.paymentStatus === "expired") return "Cancelled: no payment before the hold ended";
  if (step.paymentStatus !== previous.paymentStatus) {
    if (step.paymentStatus === "under_review") return "Receipt received, payment under review";
    if (step.paymentStatus === "paid") return step.status === "confirmed" && previous.status !== "confirmed" ? "Payment confirmed, order confirmed" : "Payment confirmed";
    if (step.paymentStatus === "awaiting_transfer") return "Receipt not accepted, awaiting transfer";
  }
  return orderStatusLabel(step.status);
}

export function OrderStatusHistory({ reference }: { reference: string }) {
  const { data } = useQuery(PaymentsStatusHistoryQuery, { variables: { reference }, fetchPolicy: "cache-and-network" });
  const steps = data?.orderStatusHistory;
  if (!steps?.length) return null;
  return (
    <section className="status-history" aria-labelledby="status-history-title">
      <h2 id="status-history-title">Status history</h2>
      <ol>
        {steps.map((step, i) => (
          <li key={`${step.at}-${i}`}>
            <span className="status-history__label">{stepLabel(step, steps[i - 1])}</span>
            <time dateTime={step.at}>{formatLagosTime(step.at)}</time>
            <span className="visually-hidden">
              {" "}
              Order {orderStatusLabel(step.status)}, payment {orderPaymentLabel(step)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
