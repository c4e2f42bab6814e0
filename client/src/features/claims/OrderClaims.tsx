// An order's claims as its owner sees them (open, accepted, declined with the shop's reason,
// refunded with the amount) and, while the server says the order may be claimed, the "Report a
// problem" form. Its own chunk, loaded by the tracker and the account's order view only for such
// orders.
import { useState } from "react";
import { getFragmentData, graphql, type FragmentType } from "../../gql/index.ts";
import { CLAIM_REASON_LABELS, claimStatusLine } from "../../../../common/claims.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { ClaimForm } from "./ClaimForm.tsx";
import "./claims.css";

export const OrderClaimsFragment = graphql(`
  fragment OrderClaims on Order {
    id
    shortOrderId
    claimReasons
    claimableUntil
    claims {
      id
      reason
      message
      status
      decisionReason
      refundedAmount
      refundStatus
      createdAt
    }
  }
`);

export function OrderClaims(props: { order: FragmentType<typeof OrderClaimsFragment>; guestToken?: string | null }) {
  const order = getFragmentData(OrderClaimsFragment, props.order);
  const [reporting, setReporting] = useState(false);
  return (
    <section className="order-claims" aria-label="Problems with this order">
      {order.claims.length > 0 && (
        <>
          <h2>Your claims</h2>
          <ul className="order-claims__list">
            {order.claims.map((claim) => (
              <li key={claim.id} className="order-claim" data-testid="order-claim">
                <p className="order-claim__head">
                  <strong>{CLAIM_REASON_LABELS[claim.reason]}</strong> · opened {formatLagosTime(claim.createdAt)}
                </p>
                <p className={`order-claim__status order-claim__status--${claim.status}`} data-testid="claim-status">
                  {claimStatusLine(claim)}
                </p>
                {claim.decisionReason && <p className="order-claim__reason">From the shop: {claim.decisionReason}</p>}
                <p className="order-claim__message">“{claim.message}”</p>
              </li>
            ))}
          </ul>
        </>
      )}
      {order.claimReasons.length > 0 &&
        (reporting ? (
          <ClaimForm reference={order.shortOrderId} reasons={order.claimReasons} guestToken={props.guestToken ?? null} onOpened={() => setReporting(false)} />
        ) : (
          <p className="order-claims__offer no-print">
            Something wrong with this order?{" "}
            <button type="button" className="button button--small button--ghost" onClick={() => setReporting(true)}>
              Report a problem
            </button>
            {order.claimableUntil && <span className="order-claims__until"> You can report one until {formatLagosTime(order.claimableUntil)}.</span>}
          </p>
        ))}
    </section>
  );
}
