// The admin's view of an outbox (the Emails and Messages tabs): a status filter, a notice when the
// channel is not configured, and a table of what the shop queued — recipient, what was sent,
// status with the last error, time, and Retry for a failed one. The tabs differ only in their
// query, the second column and an email's expandable text, so the table is written once here.
import { Fragment, type ReactNode } from "react";
import { formatLagosTime } from "../../../common/lagos-time.ts";
import { LoadError } from "./NetworkStatus.tsx";

export interface OutboxRow {
  id: string;
  to: string;
  status: string;
  attempts: number;
  lastError?: string | null;
  createdAt: string;
  sentAt?: string | null;
}

interface OutboxPanelProps<Row extends OutboxRow> {
  /** The tab's heading ("Emails"); its lower case names the rows in the page's status lines. */
  title: string;
  statuses: readonly string[];
  status: string;
  onStatus: (status: string) => void;
  /** Shown above the table when the channel is not configured (nothing is sent then). */
  notice: ReactNode;
  query: { loaded: boolean; loading: boolean; error?: { message: string }; refetch: () => unknown };
  rows: readonly Row[];
  /** The second column: its heading and each row's cell. */
  what: { heading: string; cell: (row: Row) => ReactNode };
  /** The status pill's words (the row's status unless given). */
  pill?: (row: Row) => string;
  /** A row's own attributes (tests and links find a row by its id). */
  rowProps: (row: Row) => Record<`data-${string}`, string>;
  /** A full-width row under the row, when it is expanded. */
  detail?: (row: Row) => ReactNode;
  onRetry: (id: string) => void;
}

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

export function OutboxPanel<Row extends OutboxRow>(props: OutboxPanelProps<Row>) {
  const { title, query, rows } = props;
  const noun = title.toLowerCase();
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>{title}</h2>
        <button type="button" className="button button--small button--ghost" onClick={() => void query.refetch()}>
          Refresh
        </button>
      </div>
      <div className="admin-filters">
        <label>
          Status
          <select value={props.status} onChange={(e) => props.onStatus(e.target.value)}>
            <option value="">All</option>
            {props.statuses.map((s) => (
              <option key={s} value={s}>
                {capitalized(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {props.notice ? (
        <p className="admin-notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {query.error ? <LoadError retry={query.refetch} message={`Could not load ${noun}: ${query.error.message}`} /> : null}
      {query.loading && !query.loaded ? <p className="page-status">Loading {noun}...</p> : null}
      {query.loaded && rows.length === 0 ? <p className="page-status">No {noun}.</p> : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Recipient</th>
              <th scope="col">{props.what.heading}</th>
              <th scope="col">Status</th>
              <th scope="col">Time</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Fragment key={row.id}>
                <tr {...props.rowProps(row)}>
                  <td>{row.to}</td>
                  <td>{props.what.cell(row)}</td>
                  <td>
                    <span className={`admin-pill admin-pill--${row.status}`}>{props.pill ? props.pill(row) : row.status}</span>
                    {row.lastError ? (
                      <div className="admin-muted" title={row.lastError}>
                        {row.attempts} attempt(s): {row.lastError.slice(0, 80)}
                      </div>
                    ) : null}
                  </td>
                  <td>{formatLagosTime(row.sentAt ?? row.createdAt)}</td>
                  <td>
                    {row.status === "failed" ? (
                      <button type="button" className="button button--small" onClick={() => props.onRetry(row.id)}>
                        Retry
                      </button>
                    ) : null}
                  </td>
                </tr>
                {props.detail?.(row) ?? null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
