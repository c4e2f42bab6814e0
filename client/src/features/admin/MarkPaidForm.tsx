// "Mark as paid" with the bank's transaction reference: the one form for a receipt under review and
// for an order whose transfer came without one. The server's markOrderPaid does the rest (paid,
// hold ended, shopper emailed, audited).
import { useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { toast } from "../../ui/toast.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const PaymentsMarkPaidMutation = graphql(`
  mutation PaymentsMarkPaid($orderId: ID!, $bankReference: String) {
    markOrderPaid(orderId: $orderId, bankReference: $bankReference) {
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
          }
        }
      }
    }
  }
`);

/** A decision changes both lists, the counts and the audit log (and any open timeline). */
export const PAYMENT_QUERIES = ["PaymentsQueue", "PaymentsAwaitingTransfer", "PaymentsAuditLog", "PaymentsOrderAudit"];

export function MarkPaidForm({ order, onError }: { order: { id: string; shortOrderId: string; total: string }; onError: (message: string) => void }) {
  const [bankReference, setBankReference] = useState("");
  const [markPaid, paying] = useMutation(PaymentsMarkPaidMutation, {
    refetchQueries: PAYMENT_QUERIES,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!window.confirm(`Mark order ${order.shortOrderId} as paid (${formatNaira(order.total)})? Only do this after checking the bank account.`)) return;
    const { data } = await markPaid({
      variables: {
        orderId: order.id,
        bankReference: bankReference.trim() || null,
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
