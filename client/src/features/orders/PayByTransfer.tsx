// Pay with transfer, clearly: amount, account name, bank, account number and the order reference,
// each with a copy button, and the hold deadline with a live countdown. Every order view shows it
// while payment is due (checkout, before the order exists, shows BankTransferDetails alone).
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { holdRuns } from "../../../../common/payment-state.ts";
import { BankTransferDetails } from "./TransferDetails.tsx";
import { DeadlineCountdown } from "./DeadlineCountdown.tsx";

export const PayByTransferFragment = graphql(`
  fragment PayByTransfer on Order {
    shortOrderId
    status
    amountDue
    holdExpiresAt
    holdExtended
    balanceSince
  }
`);

export function PayByTransfer(props: { order: FragmentType<typeof PayByTransferFragment> }) {
  const order = getFragmentData(PayByTransferFragment, props.order);
  // Once the owner moved an unpaid order on, no hold counts down any more (holdRuns, decision 032).
  const holdExpiresAt = holdRuns(order) ? order.holdExpiresAt : null;
  // The order reference (short order id) goes in the transfer narration.
  return (
    <BankTransferDetails amount={order.amountDue} reference={order.shortOrderId}>
      {holdExpiresAt && (
        <DeadlineCountdown
          until={holdExpiresAt}
          intro={order.balanceSince ? "We are holding the pieces you added until" : "We are holding your items until"}
          over={
            order.balanceSince
              ? "The hold has ended. Unpaid added pieces go back on sale; the rest of the order goes ahead."
              : "The hold has ended. Unpaid orders are cancelled and the items go back on sale."
          }
          note={!order.holdExtended ? "Uploading your receipt extends the hold once by 24 hours while we check it." : undefined}
        />
      )}
    </BankTransferDetails>
  );
}
