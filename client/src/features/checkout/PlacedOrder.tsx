// Checkout after the order is placed: how to pay it (the bank details with the hold countdown, or a
// Paystack order's one-time account or card button). The confirmation is orders/OrderConfirmedDialog.
// Loaded when the shopper confirms (CheckoutPage), so the form's first download does without it.
import { lazy, Suspense } from "react";
import { PayByTransfer } from "../orders/PayByTransfer.tsx";
import { hasProviderPayment } from "../orders/provider-payment.ts";
import type { CheckoutPlaceOrderMutation } from "../../gql/graphql.ts";

/** The order as placeOrder answers it. */
export type PlacedOrder = Extract<CheckoutPlaceOrderMutation["placeOrder"], { __typename: "MutationPlaceOrderSuccess" }>["data"]["order"];

// Only an order paid through Paystack shows it: a bank-transfer order never downloads it.
const ProviderPaymentDetails = lazy(() => import("../orders/ProviderPaymentDetails.tsx").then((module) => ({ default: module.ProviderPaymentDetails })));

export function PlacedOrderPayment({ order }: { order: PlacedOrder }) {
  return hasProviderPayment({ order }) ? (
    <Suspense fallback={null}>
      <ProviderPaymentDetails order={order} />
    </Suspense>
  ) : (
    <PayByTransfer order={order} />
  );
}
