// Admin: the whole audit log, newest first, filterable by action and date range.
import { useId, useState } from "react";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { actionLabel, describeChange } from "./audit-format.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";

const PaymentsAuditLogQuery = graphql(`
  query PaymentsAuditLog($filter: AuditFilter, $offset: Int, $limit: Int) {
    auditLog(filter: $filter, offset: $offset, limit: $limit) {
      totalCount
      items {
        id
        action
        actorLabel
        entityType
        entityId
        orderId
        before
        after
        reason
        createdAt
      }
    }
    auditActions
  }
`);

const PAGE = 50;

/** A yyyy-mm-dd date input as the start of that day in Lagos (UTC+1). */
function lagosDayStart(day: string, plusDays = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + plusDays, -1)).toISOString();
}

export function AuditLogList() {
  const id = useId();
  const [action, setAction] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [offset, setOffset] = useState(0);
  const filter = { action: action || null, from: lagosDayStart(from), to: lagosDayStart(to, 1) };
  const { data, loading, error } = useQuery(PaymentsAuditLogQuery, { variables: { filter, offset, limit: PAGE }, fetchPolicy: "cache-and-network" });
  const page = data?.auditLog;
  return (
    <section className="audit-log" aria-labelledby="audit-log-title">
      <h2 id="audit-log-title">Audit log</h2>
      <div className="audit-log__filters">
        <label htmlFor={`${id}-action`}>Action</label>
        <select id={`${id}-action`} value={action} onChange={(e) => (setAction(e.target.value), setOffset(0))}>
            <option value="">All actions</option>
            {(data?.auditActions ?? []).map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
        </select>
        <label htmlFor={`${id}-from`}>From</label>
        <input id={`${id}-from`} type="date" value={from} onChange={(e) => (setFrom(e.target.value), setOffset(0))} />
        <label htmlFor={`${id}-to`}>To</label>
        <input id={`${id}-to`} type="date" value={to} onChange={(e) => (setTo(e.target.value), setOffset(0))} />
      </div>
      {error && <p className="field-error">{error.message}</p>}
      {loading && !data ? (
        <p className="page-status">Loading...</p>
      ) : (
        <>
          <p className="audit-log__count">{page?.totalCount ?? 0} entries</p>
          <div className="table-scroll">
            <table className="audit-log__table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Change</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {(page?.items ?? []).map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.createdAt}>{formatLagosTime(entry.createdAt)}</time>
                    </td>
                    <td>{entry.actorLabel}</td>
                    <td>
                      {actionLabel(entry.action)}
                      <span className="audit-log__entity">
                        {" "}
                        ({entry.entityType} {entry.entityId.slice(0, 8)})
                      </span>
                    </td>
                    <td>{describeChange(entry.action, entry.before, entry.after)}</td>
                    <td>{entry.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="audit-log__pager">
            <button type="button" className="button button--ghost button--small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Newer
            </button>
            <button type="button" className="button button--ghost button--small" disabled={!page || offset + PAGE >= page.totalCount} onClick={() => setOffset(offset + PAGE)}>
              Older
            </button>
          </div>
        </>
      )}
    </section>
  );
}
