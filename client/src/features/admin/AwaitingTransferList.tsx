// Orders awaiting a transfer that came with no receipt (the shopper paid and sent nothing, or sent
// the receipt on WhatsApp): the hold that ends first first, with the amount, the reference to look
// for in the bank statement and the time left, and "Mark as paid" on each. Phone-first: one card per
// order, the form under it.
import { useState } from "react";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { formatPhone } from "../../../../common/phone.ts";
import { orderStatusLabel } from "../../../../common/order-status.ts";
import { holdRuns } from "../../../../common/payment-state.ts";
import { formatWaiting, useNow } from "../../lib/time.ts";
import { AmountDueFacts, MarkPaidForm } from "./MarkPaidForm.tsx";
import { FormError } from "../../ui/FormError.tsx";

const PaymentsAwaitingTransferQuery = graphql(`
  query PaymentsAwaitingTransfer {
    awaitingTransferOrders {
      id
      shortOrderId
      total
      amountPaid
      amountDue
      status
      createdAt
      holdExpiresAt
      balanceSince
      customerName
      customerPhone
    }
  }
`);

type AwaitingOrder = NonNullable<ReturnType<typeof useAwaiting>["data"]>["awaitingTransferOrders"][number];

function useAwaiting() {
  return useQuery(PaymentsAwaitingTransferQuery, {
    fetchPolicy: "cache-and-network",
  });
}

function timeLeft(order: AwaitingOrder, now: number): string {
  if (!holdRuns(order)) return `No hold: already ${orderStatusLabel(order.status).toLowerCase()}`;
  if (!order.holdExpiresAt) return "No hold";
  const left = Date.parse(order.holdExpiresAt) - now;
  return left > 0 ? `${formatWaiting(left)} left` : "Hold ended";
}

function AwaitingItem({ order, now }: { order: AwaitingOrder; now: number }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="payment-review" aria-label={`Order ${order.shortOrderId}`} data-testid="awaiting-transfer">
      <div className="payment-review__head">
        <h3>Order {order.shortOrderId}</h3>
        <span className="payment-review__waiting">{timeLeft(order, now)}</span>
      </div>
      <div className="payment-review__body">
        <dl>
          <AmountDueFacts order={order} label="Amount" />
          <dt>Reference</dt>
          <dd>{order.shortOrderId}</dd>
          <dt>Customer</dt>
          <dd>
            {order.customerName}
            {order.customerPhone && (
              <>
                {" · "}
                <a href={`tel:${order.customerPhone}`}>{formatPhone(order.customerPhone)}</a>
              </>
            )}
          </dd>
          <dt>Placed</dt>
          <dd>{formatLagosTime(order.createdAt)}</dd>
          {holdRuns(order) && order.holdExpiresAt && (
            <>
              <dt>{order.balanceSince ? "Added pieces held until" : "Hold ends"}</dt>
              <dd>{formatLagosTime(order.holdExpiresAt)}</dd>
            </>
          )}
        </dl>
      </div>
      <FormError message={error} />
      <MarkPaidForm order={order} onError={setError} />
    </li>
  );
}

export function AwaitingTransferList({ count }: { count: number | null }) {
  const { data, loading, error } = useAwaiting();
  const now = useNow(30_000);
  const orders = data?.awaitingTransferOrders ?? [];
  return (
    <section aria-labelledby="awaiting-transfer-title">
      <h2 id="awaiting-transfer-title">Awaiting transfer, no receipt ({count ?? orders.length})</h2>
      <p className="payments-admin__counts">Check the bank statement for the reference; mark an order paid when its money is in.</p>
      {error && <p className="field-error">{error.message}</p>}
      {loading && !data ? (
        <p className="page-status">Loading...</p>
      ) : orders.length === 0 ? (
        <p>No orders awaiting a transfer.</p>
      ) : (
        <ul className="payments-queue">
          {orders.map((order) => (
            <AwaitingItem key={order.id} order={order} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
