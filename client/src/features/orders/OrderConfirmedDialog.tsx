// The spec's "Order Confirmed" dialog, for every payment method (issue 40, finding 11): checkout shows
// it once a bank-transfer or one-time-account order is placed, the card's return page once Paystack's
// payment is confirmed. A real modal: the native <dialog> makes the page behind inert, Tab and
// Shift+Tab wrap inside it, Escape closes it (onClose then moves focus somewhere sensible), Done goes
// home and "I've Paid - Next" to the thank-you page, as the spec says.
import { useEffect, useRef, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { formatNaira } from "../../../../common/naira.ts";
import { storeSettings } from "../../lib/store-settings.ts";

export interface ConfirmedOrder {
  shortOrderId: string;
  paymentMethod: string;
  amountDue: string;
  amountPaid: string;
}

/** What the dialog says about paying, by method: the amount is the order's amountDue (decision 034). */
function confirmedPaymentText(order: ConfirmedOrder): string {
  if (order.paymentMethod === "paystack_transfer") {
    return `Please transfer exactly ${formatNaira(order.amountDue)} to the one-time account shown for this order: it confirms your payment automatically, no receipt needed.`;
  }
  if (order.paymentMethod === "paystack_card" || Number(order.amountDue) === 0) {
    return `We have received your payment of ${formatNaira(order.amountPaid)}. Nothing more to pay.`;
  }
  return (
    `Please transfer ${formatNaira(order.amountDue)} to ${storeSettings.bankAccountName}, ${storeSettings.bankName} ` +
    `${storeSettings.bankAccountNumber} with this reference in the narration.`
  );
}

export function OrderConfirmedDialog({ order, onClose }: { order: ConfirmedOrder; onClose: () => void }) {
  const reference = order.shortOrderId;
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
        Your order reference is <strong className="order-reference">{reference}</strong>. {confirmedPaymentText(order)}
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
        <Link to={`/track-order/${reference}`}>Track this order</Link>
      </p>
    </dialog>
  );
}
