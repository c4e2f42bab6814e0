// Pay with transfer, clearly: amount, account name, bank, account number and the order reference,
// each with a copy button, and the hold deadline with a live countdown. Checkout shows it before the
// order exists (the amount only) and every order view once it does (the order's total, reference
// and hold).
import { formatNaira } from "../../../../common/naira.ts";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { formatCountdown, useNow } from "../../lib/time.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { holdRuns } from "../../../../common/payment-state.ts";

export const PayByTransferFragment = graphql(`
  fragment PayByTransfer on Order {
    shortOrderId
    status
    total
    holdExpiresAt
    holdExtended
  }
`);

/** A placed order, or the amount checkout will charge before there is one (null while it is not
 *  known yet: a delivery fee that depends on the state). */
export type PayByTransferProps = { order: FragmentType<typeof PayByTransferFragment> } | { amount: string | null };

/** A deadline with a live countdown: what happens by then, and what it means once it has passed. */
export function DeadlineCountdown({ until, intro, over, note }: { until: string; intro: string; over: string; note?: string }) {
  const now = useNow(1000);
  const left = Date.parse(until) - now;
  return (
    <div className={left > 0 ? "pay-by-transfer__hold" : "pay-by-transfer__hold pay-by-transfer__hold--over"}>
      <p>
        {intro} <strong>{formatLagosTime(until)}</strong>.
      </p>
      {left > 0 ? (
        <p>
          Time left to pay: <strong className="pay-by-transfer__countdown" role="timer" aria-live="off">{formatCountdown(left)}</strong>
        </p>
      ) : (
        <p role="alert">{over}</p>
      )}
      {note && <p className="pay-by-transfer__note">{note}</p>}
    </div>
  );
}

export interface TransferRow {
  label: string;
  /** What the copy button copies; null: nothing to copy yet. */
  value: string | null;
  shown: string;
  className?: string;
}

/** Account details, each with a copy button. */
export function TransferDetails({ rows }: { rows: TransferRow[] }) {
  return (
    <dl className="pay-by-transfer__details">
      {rows.map((row) => (
        <div key={row.label} className="pay-by-transfer__row">
          <dt>{row.label}</dt>
          <dd className={row.className}>{row.shown}</dd>
          <dd className="pay-by-transfer__copy">{row.value !== null && <CopyButton value={row.value} label={row.label.toLowerCase()} />}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PayByTransfer(props: PayByTransferProps) {
  const order = "order" in props ? getFragmentData(PayByTransferFragment, props.order) : null;
  const amount = order ? order.total : "amount" in props ? props.amount : null;
  // The order reference (short order id) goes in the transfer narration.
  const reference = order?.shortOrderId ?? null;
  // Once the owner moved an unpaid order on, no hold counts down any more (holdRuns, decision 032).
  const holdExpiresAt = order && holdRuns(order) ? order.holdExpiresAt : null;
  const extensionLeft = !order?.holdExtended;
  const rows: TransferRow[] = [
    amount === null
      ? { label: "Amount", value: null, shown: "Depends on your state: choose it above to see the total", className: "pay-by-transfer__amount" }
      : { label: "Amount", value: Number(amount).toFixed(2).replace(/\.00$/, ""), shown: formatNaira(amount), className: "pay-by-transfer__amount" },
    { label: "Account name", value: storeSettings.bankAccountName, shown: storeSettings.bankAccountName },
    { label: "Bank", value: storeSettings.bankName, shown: storeSettings.bankName },
    { label: "Account number", value: storeSettings.bankAccountNumber, shown: storeSettings.bankAccountNumber, className: "pay-by-transfer__number" },
  ];
  if (reference) rows.push({ label: "Reference", value: reference, shown: reference, className: "pay-by-transfer__reference" });
  return (
    <section className="pay-by-transfer" id="bank-transfer" aria-labelledby="bank-transfer-title">
      <h2 id="bank-transfer-title">Pay by bank transfer</h2>
      <p>
        Transfer the exact amount to the account below{reference ? " and put the order reference in the narration (description)" : ""}.
      </p>
      <TransferDetails rows={rows} />
      {holdExpiresAt && (
        <DeadlineCountdown
          until={holdExpiresAt}
          intro="We are holding your items until"
          over="The hold has ended. Unpaid orders are cancelled and the items go back on sale."
          note={extensionLeft ? "Uploading your receipt extends the hold once by 24 hours while we check it." : undefined}
        />
      )}
    </section>
  );
}
