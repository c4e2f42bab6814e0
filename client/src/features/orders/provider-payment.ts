// Whether an order placed with a Paystack method has a provider payment to show (decision 027), apart
// from ProviderPaymentDetails so that the order views can decide without downloading that component:
// they load it (React.lazy) only for an order that uses Paystack.
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import type { ProviderPaymentDetailsFragment as ProviderPaymentDetailsData } from "../../gql/graphql.ts";

export const ProviderPaymentDetailsFragment = graphql(`
  fragment ProviderPaymentDetails on Order {
    paymentMethod
    amountDue
    providerPayments {
      id
      reference
      status
      accountNumber
      accountName
      bankName
      accountExpiresAt
      checkoutUrl
    }
  }
`);

export type ProviderPaymentProps = { order: FragmentType<typeof ProviderPaymentDetailsFragment> };

/** The provider payment the shopper should use now: the newest pending one of the order's method. */
export function currentPayment(order: ProviderPaymentDetailsData) {
  const wanted = (p: ProviderPaymentDetailsData["providerPayments"][number]) =>
    p.status === "pending" && (order.paymentMethod === "paystack_transfer" ? Boolean(p.accountNumber) : Boolean(p.checkoutUrl));
  return order.paymentMethod === "bank_transfer" ? null : (order.providerPayments.find(wanted) ?? null);
}

export function hasProviderPayment(props: ProviderPaymentProps): boolean {
  return currentPayment(getFragmentData(ProviderPaymentDetailsFragment, props.order)) !== null;
}

