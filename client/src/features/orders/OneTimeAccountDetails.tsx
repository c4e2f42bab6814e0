// A Paystack one-time account (decision 027): the amount, account number, bank and account name, each
// copyable, then the account's expiry with a live countdown. One component for the order views
// (ProviderPaymentDetails) and the payment page (PaystackChoices), which word the heading and the
// sentence above it for their page. Its own module, not TransferDetails.tsx: checkout loads that one
// for its bank details and must not download the countdown with it.
import { amountRow, TransferDetails, type TransferRow } from "./TransferDetails.tsx";
import { DeadlineCountdown } from "./DeadlineCountdown.tsx";

export interface OneTimeAccountData {
  accountNumber: string | null;
  bankName: string | null;
  accountName: string | null;
  accountExpiresAt: string | null;
}

function oneTimeAccountRows(amount: string, account: OneTimeAccountData): TransferRow[] {
  return [
    amountRow(amount),
    { label: "Account number", value: account.accountNumber!, shown: account.accountNumber!, className: "pay-by-transfer__number" },
    { label: "Bank", value: account.bankName ?? "", shown: account.bankName ?? "" },
    { label: "Account name", value: account.accountName ?? "", shown: account.accountName ?? "" },
  ];
}

/** The account to transfer `amount` into, and until when it takes the transfer. */
export function OneTimeAccountDetails({ amount, account }: { amount: string; account: OneTimeAccountData }) {
  return (
    <>
      <TransferDetails rows={oneTimeAccountRows(amount, account)} />
      {account.accountExpiresAt && (
        <DeadlineCountdown
          until={account.accountExpiresAt}
          intro="This account takes your transfer until"
          over="This account has expired. A transfer into it now is returned to you by the bank."
        />
      )}
    </>
  );
}
