// The provider payments of an order as the admin sees them (decision 027): provider, reference,
// amount, channel, time, and any flag the owner must act on (short, over, late, duplicate).
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";

export const AdminProviderPaymentsFragment = graphql(`
  fragment AdminProviderPayments on Order {
    providerPayments {
      id
      provider
      reference
      amount
      paidAmount
      difference
      channel
      status
      flag
      failureReason
      paidAt
      createdAt
    }
  }
`);

const FLAG_TEXT: Record<string, (difference: string | null) => string> = {
  short: (d) => `Short payment: ${d ? formatNaira(d) : "part"} missing, so the order is not paid`,
  over: (d) => `Over payment: refund ${d ? formatNaira(d) : "the difference"}`,
  late: () => "Late: the order was already cancelled or expired; refund or contact the shopper",
  duplicate: () => "Duplicate: the order was already paid; refund one payment",
  unmatched: () => "Unmatched: no order has this reference",
};

export function ProviderPaymentsList(props: { order: FragmentType<typeof AdminProviderPaymentsFragment> }) {
  const { providerPayments } = getFragmentData(AdminProviderPaymentsFragment, props.order);
  if (!providerPayments.length) return null;
  return (
    <ul className="admin-order__payments" aria-label="Provider payments">
      {providerPayments.map((p) => (
        <li key={p.id} data-flag={p.flag ?? undefined}>
          <strong>{p.provider}</strong> {p.reference} · {formatNaira(p.paidAmount ?? p.amount)} · {p.channel} ·{" "}
          {p.status === "succeeded" ? `paid ${p.paidAt ? formatLagosTime(p.paidAt) : ""}` : p.status === "pending" ? `waiting since ${formatLagosTime(p.createdAt)}` : `not paid${p.failureReason ? ` (${p.failureReason})` : ""}`}
          {p.flag ? (
            <span className="admin-order__payment-flag" role="note">
              {" "}
              · {FLAG_TEXT[p.flag]?.(p.difference ?? null) ?? p.flag}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
