// Checkout after the order is placed: how to pay it (the bank details with the hold countdown, or a
// Paystack order's one-time account or card button) and, for a bank transfer, the confirmation.
// Loaded when the shopper confirms (CheckoutPage), so the form's first download does without it.
import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from "react";
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

/**
 * The confirmation, a real modal (issue 40, finding 7): the native <dialog> makes the page behind
 * inert, Tab and Shift+Tab wrap inside it, Escape closes it (onClose then moves focus to how to pay),
 * and Done goes to the home page as the spec says.
 */
export function OrderConfirmedDialog({ order, onClose }: { order: PlacedOrder; onClose: () => void }) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    next.current?.focus();
  }, []);
  // Past the last control the browser would move focus out to its own toolbar: wrap instead.
  function keepFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const controls = event.currentTarget.querySelectorAll<HTMLElement>("button, a[href]");
    const [first, last] = [controls[0], controls[controls.length - 1]];
    const edge = event.shiftKey ? first : last;
    if (document.activeElement === edge || !event.currentTarget.contains(document.activeElement)) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  }
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="order-confirmed-title" onClose={onClose} onKeyDown={keepFocus}>
      <h2 id="order-confirmed-title">Order Confirmed</h2>
      <p>
        Your order reference is <strong className="order-reference">{order.shortOrderId}</strong>. Please transfer {formatNaira(order.total)} to{" "}
        {storeSettings.bankAccountName}, {storeSettings.bankName} {storeSettings.bankAccountNumber} with this reference in the narration.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={() => navigate("/")}>
          Done
        </button>
        <button ref={next} type="button" className="button" onClick={() => navigate("/thank-you")}>
          I've Paid - Next
        </button>
      </div>
      <p className="dialog__note">
        <Link to={`/track-order/${order.shortOrderId}`}>Track this order</Link>
      </p>
    </dialog>
  );
}
