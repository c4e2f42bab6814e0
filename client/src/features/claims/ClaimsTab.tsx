// The admin's Claims tab (staff and admins, decision 038): every claim, open ones first, with the
// order, buyer, reason, message, photos (signed links that last 15 minutes) and state. An open claim
// is decided here: refund (prefilled with what can still be refunded; a transfer-paid order asks
// for the bank reference of the money sent back, a Paystack payment goes back through Paystack),
// exchange, or decline with a reason. A decided claim's pieces can be put back on sale once.
// Every refusal (e.g. staff above STAFF_REFUND_LIMIT) is the server's own message.
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import type { AdminClaimsListQuery, ClaimDecision } from "../../gql/graphql.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { toast } from "../../ui/toast.tsx";
import { resultError } from "../../lib/mutation-result.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatPhone } from "../../../../common/phone.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { CLAIM_REASON_LABELS, claimStatusLine } from "../../../../common/claims.ts";
import "./claims.css";

const AdminClaimsListQuery = graphql(`
  query AdminClaimsList {
    adminClaims {
      id
      reason
      message
      status
      decisionReason
      refundedAmount
      refundStatus
      refundMethod
      restocked
      photoUrls
      createdAt
      decidedAt
      order {
        id
        shortOrderId
        customerName
        customerPhone
        customerEmail
        amountPaid
      }
    }
  }
`);

/** What a decision or a restock changes, read back into the list. */
const ClaimsDecideMutation = graphql(`
  mutation ClaimsDecide($input: DecideClaimInput!) {
    decideClaim(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationDecideClaimSuccess {
        data {
          id
          status
          decisionReason
          refundedAmount
          refundStatus
          decidedAt
          order {
            id
            amountPaid
          }
        }
      }
    }
  }
`);

const ClaimsRestockMutation = graphql(`
  mutation ClaimsRestock($claimId: ID!) {
    restockClaim(claimId: $claimId) {
      __typename
      ... on Error {
        message
      }
      ... on MutationRestockClaimSuccess {
        data {
          id
          restocked
        }
      }
    }
  }
`);

type AdminClaim = AdminClaimsListQuery["adminClaims"][number];

const DECISIONS: { value: ClaimDecision; label: string }[] = [
  { value: "refund", label: "Refund" },
  { value: "exchange", label: "Exchange" },
  { value: "decline", label: "Decline" },
];

/** Naira as the amount field takes it: "12500", "12500.50". */
const amountText = (money: string) => money.replace(/\.00$/, "");

function DecideForm({ claim }: { claim: AdminClaim }) {
  const id = useId();
  const [decision, setDecision] = useState<ClaimDecision>("refund");
  const [amount, setAmount] = useState(amountText(claim.order.amountPaid));
  const [bankReference, setBankReference] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [decide, deciding] = useMutation(ClaimsDecideMutation, { refetchQueries: ["PaymentsAuditLog"] });
  const transfer = claim.refundMethod === "transfer";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (decision === "refund" && !window.confirm(`Refund ${amount.trim() ? `₦${amount.trim()}` : "this claim"} on order ${claim.order.shortOrderId}?`)) return;
    setError(null);
    const { data } = await decide({
      variables: {
        input: {
          claimId: claim.id,
          decision,
          amount: decision === "refund" ? amount : null,
          bankReference: decision === "refund" && transfer ? bankReference : null,
          reason: reason.trim() || null,
        },
      },
    }).catch(() => ({ data: undefined }));
    const result = data?.decideClaim;
    if (result?.__typename !== "MutationDecideClaimSuccess") {
      setError(resultError(result, "The decision could not be saved. Please try again."));
      return;
    }
    toast(`Claim on order ${claim.order.shortOrderId}: ${claimStatusLine(result.data).toLowerCase()}`);
  }

  return (
    <form className="claim-decision" onSubmit={submit} noValidate aria-label={`Decide the claim on order ${claim.order.shortOrderId}`}>
      <fieldset>
        <legend>Decision</legend>
        {DECISIONS.map((choice) => (
          <label key={choice.value} className="claim-decision__choice">
            <input type="radio" name={`${id}-decision`} value={choice.value} checked={decision === choice.value} onChange={() => setDecision(choice.value)} />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {decision === "refund" && (
        <>
          <label>
            Refund amount (₦)
            <input value={amount} inputMode="decimal" maxLength={20} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <p className="claim-decision__hint">At most {formatNaira(claim.order.amountPaid)}: what was paid, less earlier refunds.</p>
          {transfer ? (
            <label>
              Bank reference of the transfer you sent back
              <input value={bankReference} maxLength={100} onChange={(e) => setBankReference(e.target.value)} />
            </label>
          ) : (
            <p className="claim-decision__hint">Paid through Paystack: the money goes back through Paystack to the card or account that paid.</p>
          )}
        </>
      )}
      <label>
        {decision === "decline" ? "Reason for the shopper" : "Note for the shopper (optional)"}
        <textarea value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <FormError message={error} />
      <button type="submit" className="button" disabled={deciding.loading}>
        {decision === "refund" ? "Refund" : decision === "exchange" ? "Exchange" : "Decline"}
      </button>
    </form>
  );
}

function RestockButton({ claim }: { claim: AdminClaim }) {
  const [restock, restocking] = useMutation(ClaimsRestockMutation);
  const [error, setError] = useState<string | null>(null);
  async function onClick() {
    if (!window.confirm(`Put the pieces of order ${claim.order.shortOrderId} back on sale?`)) return;
    const { data } = await restock({ variables: { claimId: claim.id } }).catch(() => ({ data: undefined }));
    const result = data?.restockClaim;
    if (result?.__typename !== "MutationRestockClaimSuccess") {
      setError(resultError(result, "The pieces could not be put back on sale. Please try again."));
      return;
    }
    toast(`The pieces of order ${claim.order.shortOrderId} are back on sale`);
  }
  return (
    <>
      <button type="button" className="button button--small button--ghost" disabled={restocking.loading} onClick={onClick}>
        Put pieces back on sale
      </button>
      <FormError message={error} />
    </>
  );
}

function ClaimCard({ claim }: { claim: AdminClaim }) {
  const { order } = claim;
  return (
    <li className="admin-claim" aria-label={`Claim on order ${order.shortOrderId}`} data-testid="admin-claim">
      <p className="admin-claim__head">
        <Link to={`/track-order/${order.shortOrderId}`}>Order {order.shortOrderId}</Link>
        <span>{formatLagosTime(claim.createdAt)}</span>
      </p>
      <p className="admin-claim__buyer">
        {order.customerName}
        {order.customerPhone && <> · <a href={`tel:${order.customerPhone}`}>{formatPhone(order.customerPhone)}</a></>}
        {order.customerEmail && <> · {order.customerEmail}</>}
      </p>
      <p>
        <strong>{CLAIM_REASON_LABELS[claim.reason]}</strong>
      </p>
      <p className="admin-claim__message">{claim.message}</p>
      {claim.photoUrls.length > 0 && (
        <ul className="admin-claim__photos" aria-label="Photos">
          {claim.photoUrls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={`Photo ${i + 1} of the claim on order ${order.shortOrderId}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="admin-claim__status" data-testid="admin-claim-status">
        {claimStatusLine(claim)}
        {claim.decidedAt && <> · {formatLagosTime(claim.decidedAt)}</>}
      </p>
      {claim.decisionReason && <p>Told the shopper: {claim.decisionReason}</p>}
      {claim.status === "open" ? <DecideForm claim={claim} /> : null}
      {(claim.status === "accepted" || claim.status === "refunded") && !claim.restocked ? (
        <div className="admin-claim__actions">
          <RestockButton claim={claim} />
        </div>
      ) : null}
      {claim.restocked && <p>The pieces are back on sale.</p>}
    </li>
  );
}

export function ClaimsTab() {
  const { data, loading, error, refetch } = useQuery(AdminClaimsListQuery, { fetchPolicy: "cache-and-network" });
  if (loading && !data) return <p className="page-status">Loading claims...</p>;
  if (error && !data) return <LoadError retry={refetch} />;
  const claims = data?.adminClaims ?? [];
  if (!claims.length) return <p>No claims yet. Shoppers can report a problem on a delivered order from its tracker or their account.</p>;
  return (
    <ul className="admin-claims" aria-label="Claims">
      {claims.map((claim) => (
        <ClaimCard key={claim.id} claim={claim} />
      ))}
    </ul>
  );
}
