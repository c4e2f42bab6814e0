// "Mark as paid" with the bank's transaction reference: the one form for a receipt under review and
// for an order whose transfer came without one. The server's markOrderPaid does the rest (the
// balance counted in, paid, hold ended, shopper emailed, audited). Beside it, what the order still
// asks and what already arrived (amountDue, amountPaid: decision 034), wherever it is shown.
import { useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { toast } from "../../ui/toast.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const PaymentsMarkPaidMutation = graphql(`
  mutation PaymentsMarkPaid($orderId: ID!, $bankReference: String, $amountDue: String) {
    markOrderPaid(orderId: $orderId, bankReference: $bankReference, amountDue: $amountDue) {
      __typename
      ... on Error {
        message
      }
      ... on MutationMarkOrderPaidSuccess {
        data {
          order {
            id
            status
            paymentStatus
            amountPaid
            amountDue
          }
        }
      }
    }
  }
`);

/** A decision changes both lists, the counts and the audit log (and any open timeline). */
export const PAYMENT_QUERIES = ["PaymentsQueue", "PaymentsAwaitingTransfer", "PaymentsAuditLog", "PaymentsOrderAudit"];

/** The money of an order to mark paid, as read from the server. */
export interface OrderToMark {
  id: string;
  shortOrderId: string;
  total: string;
  amountPaid: string;
  amountDue: string;
}

/** "To pay ₦1,000" and, once part of it arrived, "Received ₦4,000 of ₦5,000": rows of a <dl>. */
export function AmountDueFacts({ order, label }: { order: OrderToMark; label: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="payment-review__amount">{formatNaira(order.amountDue)}</dd>
      {Number(order.amountPaid) > 0 && (
        <>
          <dt>Already received</dt>
          <dd className="payment-review__received">
            {formatNaira(order.amountPaid)} of {formatNaira(order.total)}
          </dd>
        </>
      )}
    </>
  );
}

export function MarkPaidForm({ order, onError }: { order: OrderToMark; onError: (message: string) => void }) {
  const [bankReference, setBankReference] = useState("");
  const [markPaid, paying] = useMutation(PaymentsMarkPaidMutation, {
    refetchQueries: PAYMENT_QUERIES,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const received = Number(order.amountPaid) > 0 ? `; ${formatNaira(order.amountPaid)} already received` : "";
    const asked = `Mark order ${order.shortOrderId} as paid (${formatNaira(order.amountDue)} due${received})? Only do this after checking the bank account.`;
    if (!window.confirm(asked)) return;
    const { data } = await markPaid({
      variables: {
        orderId: order.id,
        bankReference: bankReference.trim() || null,
        // The balance just confirmed: the server refuses it if the order asks another amount now.
        amountDue: order.amountDue,
      },
    });
    const result = data?.markOrderPaid;
    if (result?.__typename !== "MutationMarkOrderPaidSuccess") {
      onError(resultError(result, "Could not mark as paid"));
      return;
    }
    toast(`Order ${order.shortOrderId} marked as paid`);
  }

  return (
    <form className="payment-review__pay" onSubmit={onSubmit}>
      <label>
        Bank transaction reference (optional)
        <input value={bankReference} maxLength={100} onChange={(e) => setBankReference(e.target.value)} />
      </label>
      <button type="submit" className="button" disabled={paying.loading}>
        Mark as paid
      </button>
    </form>
  );
}
