// The admin's Messages tab (beside Emails): WhatsApp and SMS messages the shop queued, their
// status as the provider last reported it (sent, delivered, read, failed), the SMS text, and a
// retry for failed ones; a notice when neither WhatsApp nor Termii is configured (decision 036).
import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { resultError } from "../../lib/mutation-result.ts";

const AdminMessagesQuery = graphql(`
  query AdminMessagesList($status: MessageStatus) {
    adminMessageDelivery {
      whatsappConfigured
      smsConfigured
    }
    adminMessages(status: $status, limit: 100) {
      id
      channel
      template
      to
      text
      status
      attempts
      lastError
      createdAt
      sentAt
    }
  }
`);

const RetryMessageMutation = graphql(`
  mutation AdminRetryMessage($id: ID!) {
    retryMessage(id: $id) {
      __typename
      ... on Error {
        message
      }
      ... on MutationRetryMessageSuccess {
        data {
          id
          status
          attempts
        }
      }
    }
  }
`);

const STATUSES = ["queued", "sent", "delivered", "read", "failed", "cancelled"] as const;
type Status = (typeof STATUSES)[number];

export function MessagesTab() {
  const [status, setStatus] = useState<Status | "">("");
  const { data, loading, error, refetch } = useQuery(AdminMessagesQuery, { variables: { status: status || null }, fetchPolicy: "cache-and-network" });
  const [retry] = useMutation(RetryMessageMutation);

  async function onRetry(id: string) {
    try {
      const payload = (await retry({ variables: { id } })).data?.retryMessage;
      if (payload?.__typename === "MutationRetryMessageSuccess") toast("Message queued again");
      else toast.error(resultError(payload, "Failed to retry the message"));
    } catch {
      toast.error("Failed to retry the message");
    }
  }

  const messages = data?.adminMessages ?? [];
  const delivery = data?.adminMessageDelivery;
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Messages</h2>
        <button type="button" className="button button--small button--ghost" onClick={() => void refetch()}>
          Refresh
        </button>
      </div>
      <div className="admin-filters">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value as Status | "")}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {delivery && !delivery.whatsappConfigured && !delivery.smsConfigured ? (
        <p className="admin-notice" role="status">
          WhatsApp and SMS are off: set WHATSAPP_TOKEN (WhatsApp Cloud API) or TERMII_API_KEY (SMS) to send order updates there.
        </p>
      ) : null}
      {error ? <LoadError retry={refetch} message={`Could not load messages: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading messages...</p> : null}
      {data && messages.length === 0 ? <p className="page-status">No messages.</p> : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Recipient</th>
              <th scope="col">Message</th>
              <th scope="col">Status</th>
              <th scope="col">Time</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id} data-message={message.id}>
                <td>{message.to}</td>
                <td>
                  {message.channel === "whatsapp" ? "WhatsApp" : "SMS"}: {message.template}
                  <div className="admin-muted">{message.text}</div>
                </td>
                <td>
                  <span className={`admin-pill admin-pill--${message.status}`}>{message.status}</span>
                  {message.lastError ? <div className="admin-muted" title={message.lastError}>{message.attempts} attempt(s): {message.lastError.slice(0, 80)}</div> : null}
                </td>
                <td>{formatLagosTime(message.sentAt ?? message.createdAt)}</td>
                <td>
                  {message.status === "failed" ? (
                    <button type="button" className="button button--small" onClick={() => void onRetry(message.id)}>
                      Retry
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
