// Admin payments queue: orders with a receipt under review, the longest-waiting first. Each shows
// the receipt, the expected amount and the sender; Mark as paid (optionally with the bank's
// transaction reference) or Reject with a reason. Both email the shopper and are audited. Below it,
// the orders awaiting a transfer that came with no receipt (AwaitingTransferList).
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { toast } from "../../ui/toast.tsx";
import { AuditLogList } from "./AuditLogList.tsx";
import { OrderAuditTimeline } from "./OrderAuditTimeline.tsx";
import { formatWaiting, useNow } from "../../lib/time.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { resultError } from "../../lib/mutation-result.ts";
import { AmountDueFacts, MarkPaidForm, PAYMENT_QUERIES } from "./MarkPaidForm.tsx";
import { AwaitingTransferList } from "./AwaitingTransferList.tsx";
import { formatPhone } from "../../../../common/phone.ts";
import { FormError } from "../../ui/FormError.tsx";
import { useIsAdmin } from "../../lib/viewer.ts";

const PaymentsQueueQuery = graphql(`
  query PaymentsQueue {
    paymentsQueue {
      id
      shortOrderId
      total
      amountPaid
      amountDue
      createdAt
      holdExpiresAt
      customerName
      customerEmail
      customerPhone
      receipts {
        id
        fileUrl
        mimeType
        senderName
        senderBank
        createdAt
      }
    }
    paymentCounts {
      underReview
      awaitingTransfer
    }
  }
`);

const PaymentsRejectMutation = graphql(`
  mutation PaymentsReject($orderId: ID!, $reason: String!) {
    rejectPayment(orderId: $orderId, reason: $reason) {
      __typename
      ... on Error {
        message
      }
      ... on MutationRejectPaymentSuccess {
        data {
          order {
            id
            paymentStatus
            rejectionReason
          }
        }
      }
    }
  }
`);

type QueueOrder = NonNullable<ReturnType<typeof useQueueData>["data"]>["paymentsQueue"][number];

function useQueueData() {
  return useQuery(PaymentsQueueQuery, { fetchPolicy: "cache-and-network" });
}

function ReceiptPreview({ receipt }: { receipt: QueueOrder["receipts"][number] }) {
  if (receipt.mimeType === "application/pdf") {
    return (
      <a className="receipt-preview receipt-preview--pdf" href={receipt.fileUrl} target="_blank" rel="noopener noreferrer">
        Open PDF receipt
      </a>
    );
  }
  return (
    <a className="receipt-preview" href={receipt.fileUrl} target="_blank" rel="noopener noreferrer">
      <img src={receipt.fileUrl} alt={`Receipt from ${receipt.senderName}`} loading="lazy" width={240} height={320} />
    </a>
  );
}

function QueueItem({ order, now }: { order: QueueOrder; now: number }) {
  const isAdmin = useIsAdmin();
  const [mode, setMode] = useState<"idle" | "reject" | "history">("idle");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [reject, rejecting] = useMutation(PaymentsRejectMutation, {
    refetchQueries: PAYMENT_QUERIES,
  });
  const latest = order.receipts[0];

  async function onReject(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError("Please give a reason for rejecting the payment");
      return;
    }
    const { data } = await reject({ variables: { orderId: order.id, reason } });
    const result = data?.rejectPayment;
    if (result?.__typename !== "MutationRejectPaymentSuccess") {
      setError(resultError(result, "Could not reject the payment"));
      return;
    }
    toast(`Payment for ${order.shortOrderId} rejected`);
  }

  return (
    <li className="payment-review" aria-label={`Order ${order.shortOrderId}`}>
      <div className="payment-review__head">
        <h3>Order {order.shortOrderId}</h3>
        {latest && <span className="payment-review__waiting">Waiting {formatWaiting(now - Date.parse(latest.createdAt))}</span>}
      </div>
      <div className="payment-review__body">
        {latest && <ReceiptPreview receipt={latest} />}
        <dl>
          <AmountDueFacts order={order} label="Expected amount" />
          {latest && (
            <>
              <dt>Sender</dt>
              <dd className="payment-review__sender">
                {latest.senderName}, {latest.senderBank}
              </dd>
              <dt>Receipt sent</dt>
              <dd>{formatLagosTime(latest.createdAt)}</dd>
            </>
          )}
          <dt>Customer</dt>
          <dd>
            {order.customerName} · <a href={`tel:${order.customerPhone}`}>{order.customerPhone && formatPhone(order.customerPhone)}</a> · {order.customerEmail}
          </dd>
          {order.holdExpiresAt && (
            <>
              <dt>Hold ends</dt>
              <dd>{formatLagosTime(order.holdExpiresAt)}</dd>
            </>
          )}
          {order.receipts.length > 1 && (
            <>
              <dt>Earlier receipts</dt>
              <dd>
                {order.receipts.slice(1).map((r) => (
                  <a key={r.id} href={r.fileUrl} target="_blank" rel="noopener noreferrer" className="payment-review__earlier">
                    {formatLagosTime(r.createdAt)}
                  </a>
                ))}
              </dd>
            </>
          )}
        </dl>
      </div>
      <FormError message={error} />
      <MarkPaidForm order={order} onError={setError} />
      {mode === "reject" ? (
        <form className="payment-review__reject" onSubmit={onReject}>
          <label>
            Reason (sent to the shopper)
            <textarea value={reason} maxLength={500} rows={2} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className="button button--danger" disabled={rejecting.loading}>
            Reject payment
          </button>
          <button type="button" className="button button--ghost" onClick={() => setMode("idle")}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="payment-review__more">
          <button type="button" className="button button--ghost" onClick={() => setMode("reject")}>
            Reject
          </button>
          {isAdmin ? (
            <button type="button" className="link-button" aria-expanded={mode === "history"} onClick={() => setMode(mode === "history" ? "idle" : "history")}>
              History
            </button>
          ) : null}
        </div>
      )}
      {mode === "history" && <OrderAuditTimeline orderId={order.id} />}
    </li>
  );
}

export function PaymentsQueue() {
  const isAdmin = useIsAdmin();
  const { data, loading, error } = useQueueData();
  const now = useNow(30_000);
  const queue = data?.paymentsQueue ?? [];
  return (
    <div className="payments-admin">
      <section aria-labelledby="payments-queue-title">
        <h2 id="payments-queue-title">Payments to review ({data?.paymentCounts.underReview ?? 0})</h2>
        {error && <p className="field-error">{error.message}</p>}
        {loading && !data ? (
          <p className="page-status">Loading...</p>
        ) : queue.length === 0 ? (
          <p>No payments to review.</p>
        ) : (
          <ul className="payments-queue">
            {queue.map((order) => (
              <QueueItem key={order.id} order={order} now={now} />
            ))}
          </ul>
        )}
      </section>
      <AwaitingTransferList count={data?.paymentCounts.awaitingTransfer ?? null} />
      {isAdmin ? <AuditLogList /> : null}
    </div>
  );
}
