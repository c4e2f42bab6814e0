// The admin's Messages tab (beside Emails): WhatsApp and SMS messages the shop queued, their
// status as the provider last reported it (sent, delivered, read, failed), the SMS text, and a
// retry for failed ones; a notice when neither WhatsApp nor Termii is configured (decision 036).
import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { toast } from "../../ui/toast.tsx";
import { OutboxPanel } from "../../ui/OutboxPanel.tsx";
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
  const [status, setStatus] = useState("");
  const { data, loading, error, refetch } = useQuery(AdminMessagesQuery, { variables: { status: (status || null) as Status | null }, fetchPolicy: "cache-and-network" });
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

  const delivery = data?.adminMessageDelivery;
  return (
    <OutboxPanel
      title="Messages"
      statuses={STATUSES}
      status={status}
      onStatus={setStatus}
      notice={
        delivery && !delivery.whatsappConfigured && !delivery.smsConfigured
          ? "WhatsApp and SMS are off: set WHATSAPP_TOKEN (WhatsApp Cloud API) or TERMII_API_KEY (SMS) to send order updates there."
          : null
      }
      query={{ loaded: Boolean(data), loading, error, refetch }}
      rows={data?.adminMessages ?? []}
      what={{
        heading: "Message",
        cell: (message) => (
          <>
            {message.channel === "whatsapp" ? "WhatsApp" : "SMS"}: {message.template}
            <div className="admin-muted">{message.text}</div>
          </>
        ),
      }}
      rowProps={(message) => ({ "data-message": message.id })}
      onRetry={(id) => void onRetry(id)}
    />
  );
}
