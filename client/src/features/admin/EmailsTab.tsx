// The email outbox: what the shop queued, sent or failed to send, each email's text (expand a row),
// a retry for failures, and a clear notice when SMTP is not configured (then nothing is sent).
import { Fragment, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const AdminEmailsQuery = graphql(`
  query AdminEmailsList($status: EmailStatus) {
    adminMailDelivery {
      smtpConfigured
    }
    adminEmails(status: $status, limit: 100) {
      id
      to
      subject
      body
      status
      deliveryState
      attempts
      lastError
      createdAt
      sentAt
    }
  }
`);

const RetryEmailMutation = graphql(`
  mutation AdminRetryEmail($id: ID!) {
    retryEmail(id: $id) {
      __typename
      ... on Error {
        message
      }
      ... on MutationRetryEmailSuccess {
        data {
          id
          status
          attempts
        }
      }
    }
  }
`);

type Status = "queued" | "sent" | "failed";

export function EmailsTab() {
  const [status, setStatus] = useState<Status | "">("");
  const [open, setOpen] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminEmailsQuery, { variables: { status: status || null }, fetchPolicy: "cache-and-network" });
  const [retry] = useMutation(RetryEmailMutation, { refetchQueries: ["AdminDashboardCounts"] });

  async function onRetry(id: string) {
    try {
      const result = await retry({ variables: { id } });
      const payload = result.data?.retryEmail;
      if (payload?.__typename === "MutationRetryEmailSuccess") toast("Email queued again");
      else toast.error(resultError(payload, "Failed to retry the email"));
    } catch {
      toast.error("Failed to retry the email");
    }
  }

  const emails = data?.adminEmails ?? [];
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Emails</h2>
        <button type="button" className="button button--small button--ghost" onClick={() => void refetch()}>
          Refresh
        </button>
      </div>
      <div className="admin-filters">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value as Status | "")}>
            <option value="">All</option>
            <option value="queued">Queued</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
          </select>
        </label>
      </div>
      {data && !data.adminMailDelivery.smtpConfigured ? (
        <p className="admin-notice" role="status">
          Email delivery is off: no SMTP server is configured (set SMTP_URL). Emails are kept here but not sent to shoppers.
        </p>
      ) : null}
      {error ? <LoadError retry={refetch} message={`Could not load emails: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading emails...</p> : null}
      {data && emails.length === 0 ? <p className="page-status">No emails.</p> : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Recipient</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Time</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {emails.map((email) => (
              <Fragment key={email.id}>
              <tr data-email={email.id}>
                <td>{email.to}</td>
                <td>
                  <button
                    type="button"
                    className="link-button email-row__toggle"
                    aria-expanded={open === email.id}
                    aria-controls={`email-body-${email.id}`}
                    onClick={() => setOpen(open === email.id ? null : email.id)}
                  >
                    {email.subject}
                  </button>
                </td>
                <td>
                  <span className={`admin-pill admin-pill--${email.status}`}>{email.deliveryState}</span>
                  {email.lastError ? <div className="admin-muted" title={email.lastError}>{email.attempts} attempt(s): {email.lastError.slice(0, 80)}</div> : null}
                </td>
                <td>{formatLagosTime(email.sentAt ?? email.createdAt)}</td>
                <td>
                  {email.status === "failed" ? (
                    <button type="button" className="button button--small" onClick={() => void onRetry(email.id)}>
                      Retry
                    </button>
                  ) : null}
                </td>
              </tr>
              {open === email.id ? (
                <tr className="email-row__body">
                  <td colSpan={5}>
                    <pre id={`email-body-${email.id}`} className="email-body" aria-label={`Email to ${email.to}: ${email.subject}`}>
                      {email.body}
                    </pre>
                  </td>
                </tr>
              ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
