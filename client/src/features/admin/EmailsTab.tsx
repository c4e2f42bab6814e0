// The email outbox: what the shop queued, sent or failed to send, each email's text (expand a row),
// a retry for failures, and a clear notice when SMTP is not configured (then nothing is sent).
import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { OutboxPanel } from "../../ui/OutboxPanel.tsx";
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

const STATUSES = ["queued", "sent", "failed"] as const;

export function EmailsTab() {
  const [status, setStatus] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(AdminEmailsQuery, { variables: { status: (status || null) as (typeof STATUSES)[number] | null }, fetchPolicy: "cache-and-network" });
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

  return (
    <OutboxPanel
      title="Emails"
      statuses={STATUSES}
      status={status}
      onStatus={setStatus}
      notice={data && !data.adminMailDelivery.smtpConfigured ? "Email delivery is off: no SMTP server is configured (set SMTP_URL). Emails are kept here but not sent to shoppers." : null}
      query={{ loaded: Boolean(data), loading, error, refetch }}
      rows={data?.adminEmails ?? []}
      what={{
        heading: "Subject",
        cell: (email) => (
          <button
            type="button"
            className="link-button email-row__toggle"
            aria-expanded={open === email.id}
            aria-controls={`email-body-${email.id}`}
            onClick={() => setOpen(open === email.id ? null : email.id)}
          >
            {email.subject}
          </button>
        ),
      }}
      pill={(email) => email.deliveryState}
      rowProps={(email) => ({ "data-email": email.id })}
      detail={(email) =>
        open === email.id ? (
          <tr className="email-row__body">
            <td colSpan={5}>
              <pre id={`email-body-${email.id}`} className="email-body" aria-label={`Email to ${email.to}: ${email.subject}`}>
                {email.body}
              </pre>
            </td>
          </tr>
        ) : null
      }
      onRetry={(id) => void onRetry(id)}
    />
  );
}
