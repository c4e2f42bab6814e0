// Placeholder with the final props; the payments feature implements it.
import { formatNaira } from "../../../../common/naira.ts";
import { storeSettings } from "../../lib/store-settings.ts";

export interface PayByTransferProps {
  amount: string;
  /** The order reference (short order id) to put in the transfer narration. */
  reference: string | null;
  holdExpiresAt?: string | null;
}

export function PayByTransfer({ amount, reference }: PayByTransferProps) {
  return (
    <section className="pay-by-transfer" id="bank-transfer">
      <h2>Pay by bank transfer</h2>
      <dl>
        <dt>Amount</dt>
        <dd>{formatNaira(amount)}</dd>
        <dt>Account name</dt>
        <dd>{storeSettings.bankAccountName}</dd>
        <dt>Bank</dt>
        <dd>{storeSettings.bankName}</dd>
        <dt>Account number</dt>
        <dd>{storeSettings.bankAccountNumber}</dd>
        {reference && (
          <>
            <dt>Reference</dt>
            <dd>{reference}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
