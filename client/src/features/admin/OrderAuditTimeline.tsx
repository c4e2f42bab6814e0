// Admin: one order's audit timeline (who, when, what changed, why), oldest first.
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { actionLabel, describeChange } from "./audit-format.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";

const PaymentsOrderAuditQuery = graphql(`
  query PaymentsOrderAudit($orderId: ID!) {
    orderAuditTimeline(orderId: $orderId) {
      id
      action
      actorLabel
      before
      after
      reason
      createdAt
    }
  }
`);

export function OrderAuditTimeline({ orderId }: { orderId: string }) {
  const { data, loading, error } = useQuery(PaymentsOrderAuditQuery, { variables: { orderId }, fetchPolicy: "cache-and-network" });
  if (loading && !data) return <p className="page-status">Loading history...</p>;
  if (error) return <p className="field-error">Could not load the history.</p>;
  const entries = data?.orderAuditTimeline ?? [];
  return (
    <section className="audit-timeline" aria-label="Order history">
      <h3>History</h3>
      {entries.length === 0 ? (
        <p>No changes recorded yet.</p>
      ) : (
        <ol>
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt}>{formatLagosTime(entry.createdAt)}</time>
              <strong className="audit-timeline__action">{actionLabel(entry.action)}</strong>
              <span className="audit-timeline__actor">by {entry.actorLabel}</span>
              {describeChange(entry.action, entry.before, entry.after) && (
                <span className="audit-timeline__change">{describeChange(entry.action, entry.before, entry.after)}</span>
              )}
              {entry.reason && <span className="audit-timeline__reason">Reason: {entry.reason}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
