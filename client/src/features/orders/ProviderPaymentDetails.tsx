// How to pay an order placed with a Paystack method, while payment is due (decision 027): the
// one-time account (account number, bank, account name, exact amount, expiry, each copyable) or the
// button to Paystack's checkout. Null when the order has no usable provider payment: the page then
// shows the manual transfer (e.g. Paystack could not be reached when the order was placed).
import { getFragmentData } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { currentPayment, ProviderPaymentDetailsFragment, type ProviderPaymentProps } from "./provider-payment.ts";
import { OneTimeAccountDetails } from "./OneTimeAccountDetails.tsx";

export function ProviderPaymentDetails(props: ProviderPaymentProps) {
  const order = getFragmentData(ProviderPaymentDetailsFragment, props.order);
  const payment = currentPayment(order);
  if (!payment) return null;
  if (order.paymentMethod === "paystack_card") {
    return (
      <section className="pay-by-transfer pay-by-card" id="pay-by-card" aria-labelledby="pay-by-card-title">
        <h2 id="pay-by-card-title">Pay by card, USSD or bank app</h2>
        <p>
          Pay <strong>{formatNaira(order.amountDue)}</strong> securely on Paystack. You will come back here once it is done.
        </p>
        <a className="button" href={payment.checkoutUrl!}>
          Pay {formatNaira(order.amountDue)} now
        </a>
      </section>
    );
  }
  return (
    <section className="pay-by-transfer one-time-account" id="one-time-account" aria-labelledby="one-time-account-title">
      <h2 id="one-time-account-title">Pay by transfer to this one-time account</h2>
      <p>
        Transfer <strong>exactly {formatNaira(order.amountDue)}</strong> to the account below. It is for this order only: your payment is confirmed
        automatically within moments, no receipt needed.
      </p>
      <OneTimeAccountDetails amount={order.amountDue} account={payment} />
    </section>
  );
}
