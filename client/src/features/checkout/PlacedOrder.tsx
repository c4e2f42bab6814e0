// Checkout after the order is placed: how to pay it (the bank details with the hold countdown, or a
// Paystack order's one-time account or card button) and, for a bank transfer, the confirmation.
// Loaded when the shopper confirms (CheckoutPage), so the form's first download does without it.
import { lazy, Suspense } from "react";
import { Link, useNavigate } from "react-router-dom";
import { formatNaira } from "../../../../common/naira.ts";
import { storeSettings } from "../../lib/store-settings.ts";
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

export function OrderConfirmedDialog({ order }: { order: PlacedOrder }) {
  const navigate = useNavigate();
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="order-confirmed-title">
        <h2 id="order-confirmed-title">Order Confirmed</h2>
        <p>
          Your order reference is <strong className="order-reference">{order.shortOrderId}</strong>. Please transfer {formatNaira(order.total)} to{" "}
          {storeSettings.bankAccountName}, {storeSettings.bankName} {storeSettings.bankAccountNumber} with this reference in the narration.
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={() => navigate("/")}>
            Done
          </button>
          <button type="button" className="button" onClick={() => navigate("/thank-you")} autoFocus>
            I've Paid - Next
          </button>
        </div>
        <p className="dialog__note">
          <Link to={`/track-order/${order.shortOrderId}`}>Track this order</Link>
        </p>
      </div>
    </div>
  );
}
