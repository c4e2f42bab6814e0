// Transfer details, each with a copy button: the shop's bank account (checkout shows it before the
// order exists, with the amount only) and a Paystack one-time account (OneTimeAccountDetails.tsx).
import type { ReactNode } from "react";
import { formatNaira } from "../../../../common/naira.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";

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

/** The amount row: what the copy button copies is the plain number a banking app takes. */
export const amountRow = (amount: string): TransferRow => ({ label: "Amount", value: Number(amount).toFixed(2).replace(/\.00$/, ""), shown: formatNaira(amount), className: "pay-by-transfer__amount" });

/** The shop's bank account for a manual transfer: the amount (null while it is not known yet: a
 *  delivery fee that depends on the state), the account and, once the order exists, its reference. */
export function BankTransferDetails({ amount, reference, children }: { amount: string | null; reference: string | null; children?: ReactNode }) {
  const rows: TransferRow[] = [
    amount === null
      ? { label: "Amount", value: null, shown: "Depends on your state: choose it above to see the total", className: "pay-by-transfer__amount" }
      : amountRow(amount),
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
      {children}
    </section>
  );
}
