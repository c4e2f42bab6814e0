// Checkout: delivery details, order summary, bank-transfer details and the confirm button. The server
// prices the order and takes the stock; this page only gives early feedback with the same rules.
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate } from "react-router-dom";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { checkoutDetailsErrors } from "../../../../common/checkout.ts";
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS, type DeliveryMethodName } from "../../../../common/delivery-methods.ts";
import { LIMITS, MESSAGES } from "../../../../common/validation.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { fromKobo, toKobo } from "../../../../common/kobo.ts";
import { toast } from "../../ui/toast.tsx";
import { LoadError, useOnline } from "../../ui/NetworkStatus.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { CHECKOUT_PAYMENT_ORDER, PAYMENT_METHOD_LABELS, type PaymentMethodName } from "../../../../common/payment-methods.ts";
import type { ParkChoice } from "./ParkPicker.tsx";
import type { PlacedOrder } from "./PlacedOrder.tsx";
import { keepAsGuestCart, lineTotal, useCart } from "../cart/useCart.ts";
import { clearGuestCart, notifyCartUpdated } from "../cart/guest-cart.ts";
import { useViewer, ViewerQuery } from "../../lib/viewer.ts";
import { deliveryFeeFor, feeAwaitsState, freeDeliveryShortfall } from "../../../../common/delivery.ts";
import type { AppliedCode } from "../offers/DiscountCodeField.tsx";
import { StateSelect } from "../../ui/StateSelect.tsx";
import { addAmounts, useDeliveryFees } from "../delivery/delivery-fees.ts";
import { resultError } from "../../lib/mutation-result.ts";
import "../../personal-pages.css";

// The motor-park picker and its list of parks serve one delivery method: fetched just after the page
// shows (the service worker keeps it for offline), not with the JavaScript the page needs first.
const loadParkPicker = () => import("./ParkPicker.tsx");
const ParkPicker = lazy(() => loadParkPicker().then((module) => ({ default: module.ParkPicker })));
// The shop's bank details serve one payment choice (shown first only when it is the only one, a shop
// without Paystack): fetched just after the page shows, like the park picker.
const loadBankTransferDetails = () => import("../orders/TransferDetails.tsx");
const BankTransferDetails = lazy(() => loadBankTransferDetails().then((module) => ({ default: module.BankTransferDetails })));
// The view after placing (how to pay the order, the confirmation): fetched when the shopper
// confirms, alongside the order itself, not with the form.
const loadPlacedOrder = () => import("./PlacedOrder.tsx");
const PlacedOrderPayment = lazy(() => loadPlacedOrder().then((module) => ({ default: module.PlacedOrderPayment })));
const OrderConfirmedDialog = lazy(() => import("../orders/OrderConfirmedDialog.tsx").then((module) => ({ default: module.OrderConfirmedDialog })));
// Sending the order (the mutation, its retry): needed only at Confirm, fetched just after the page shows.
const loadPlaceOrder = () => import("./place-order.ts");
// The discount code field and its query: its own chunk, fetched just after the page shows.
const DiscountCodeField = lazy(() => import("../offers/DiscountCodeField.tsx").then((module) => ({ default: module.DiscountCodeField })));

const CheckoutProfileQuery = graphql(`
  query CheckoutProfile {
    myProfile {
      id
      email
      fullName
      phone
      address
    }
  }
`);


type Method = DeliveryMethodName;

/** What checkout says (and why Confirm is off) while the browser is offline. */
const NEEDS_CONNECTION = "You are offline: placing an order needs a connection.";


/** This tab's details, kept across a refresh (sessionStorage: this tab only, gone when it closes;
 *  issue 40, finding 6). Contact and delivery choices only: card details are never typed here. */
const DETAILS_KEY = "checkoutDetails";
function savedDetails(): Record<string, string | undefined> {
  try {
    return JSON.parse(sessionStorage.getItem(DETAILS_KEY) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/** A random key per checkout attempt, so a retried request cannot create a second order. */
function newCheckoutKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const METHOD_HINTS: Record<Method, string> = {
  doorstep: "We deliver to your address",
  park: "Collect at a motor park in your state",
  pickup: storeSettings.pickupAddress,
};
const METHODS = DELIVERY_METHODS.map((value) => ({ value, label: DELIVERY_METHOD_LABELS[value], hint: METHOD_HINTS[value] }));

/** The payment choices the server offers (the Paystack ones only when the shop has a key). */
const PAYMENT_CHOICES = CHECKOUT_PAYMENT_ORDER.filter((choice) => storeSettings.paymentMethods.includes(choice));
const PAYMENT_HINTS: Record<PaymentMethodName, string> = {
  paystack_transfer: "Paystack gives you an account number for this order; no receipt needed",
  paystack_card: "Pay on Paystack's secure page, then come back here",
  bank_transfer: "Our bank details are shown below",
};
const PROVIDER_UNREACHABLE = "We could not reach our payment partner, so your order is placed for payment by bank transfer below.";

/** Where a fee (and so the total) waits for the shopper's state. */
const STATE_FIRST = "Choose your state to see the fee";

export function CheckoutPage() {
  usePageMeta({ title: "Checkout" });
  const { lines, loading, failed, retry, signedIn, subtotal } = useCart();
  const { viewer } = useViewer();
  const apollo = useApolloClient();
  const profile = useQuery(CheckoutProfileQuery, { skip: !signedIn });
  const [saved] = useState(savedDetails);
  const [fullName, setFullName] = useState(saved.fullName ?? "");
  const [email, setEmail] = useState(saved.email ?? "");
  const [phone, setPhone] = useState(saved.phone ?? "");
  const [method, setMethod] = useState<Method>(DELIVERY_METHODS.find((m) => m === saved.method) ?? "doorstep");
  const [payWith, setPayWith] = useState<PaymentMethodName>(PAYMENT_CHOICES.find((c) => c === saved.payWith) ?? PAYMENT_CHOICES[0] ?? "bank_transfer");
  const [updates, setUpdates] = useState(false);
  const [address, setAddress] = useState(saved.address ?? "");
  // One state for both doorstep and motor park, so switching method keeps what the shopper chose.
  const [deliveryState, setDeliveryState] = useState(saved.deliveryState ?? "");
  const fees = useDeliveryFees();
  const online = useOnline();
  const [parkName, setParkName] = useState(saved.parkName ?? "");
  const park: ParkChoice = { state: deliveryState, park: parkName };
  const setPark = (choice: ParkChoice) => {
    setDeliveryState(choice.state);
    setParkName(choice.park);
  };
  // Field errors show once a save or confirm has failed, and then follow the fields as they change.
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [dialogOpen, setDialogOpen] = useState(true);
  // The race for a last piece lost: what the server said is left, by product (issue 40, finding 5).
  const [left, setLeft] = useState<Record<string, number>>({});
  // The session ended before Confirm: the server's message, shown until the page is left.
  const [signedOut, setSignedOut] = useState<string | null>(null);
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const checkoutKey = useRef(newCheckoutKey());
  const transferBlock = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void loadParkPicker().catch(() => undefined); // rendering it asks again
    void loadBankTransferDetails().catch(() => undefined);
    void loadPlaceOrder().catch(() => undefined);
  }, []);

  // Signed-in shoppers start from their profile.
  const me = profile.data?.myProfile;
  useEffect(() => {
    if (!me) return;
    setFullName((v) => v || me.fullName || "");
    setEmail((v) => v || me.email);
    setPhone((v) => v || me.phone || "");
    setAddress((v) => v || me.address || "");
  }, [me]);

  const input = {
    fullName,
    email,
    phone,
    deliveryMethod: method,
    address: method === "doorstep" ? address : null,
    deliveryState: method === "doorstep" ? deliveryState : null,
    parkState: park.state,
    parkName: park.park,
  };
  // What the shopper will be charged (the server recomputes it when the order is placed). Until the
  // state is chosen a per-state fee is unknown: the page says so rather than show a total.
  // A code comes off the items, and free delivery is judged on what is left (decision 037).
  const feeState = deliveryState;
  const discount = placed?.discount ?? code?.discount ?? "0.00";
  const items = fromKobo(Math.max(toKobo(subtotal) - toKobo(discount), 0));
  const awaitingState = !placed && fees !== null && feeAwaitsState(fees, method, feeState, items);
  const deliveryFee = placed?.deliveryFee ?? (fees ? deliveryFeeFor(fees, method, feeState, items) : null);
  const total = placed?.total ?? addAmounts(items, deliveryFee ?? "0");
  const shortOfFree = !placed && fees && method !== "pickup" ? freeDeliveryShortfall(fees, items) : null;

  const found = checkoutDetailsErrors(input);
  const errors: Record<string, string> = checked ? Object.fromEntries(found.map((e) => [e.field, e.message])) : {};

  useEffect(() => {
    if (placed) return;
    try {
      sessionStorage.setItem(DETAILS_KEY, JSON.stringify({ fullName, email, phone, method, address, deliveryState, parkName, payWith }));
    } catch {
      // Storage off or full: the form still works, it just does not outlive a refresh.
    }
  }, [placed, fullName, email, phone, method, address, deliveryState, parkName, payWith]);

  // Once the details are right, the toasts that complained about them are stale (issue 40, finding 8).
  const valid = found.length === 0;
  useEffect(() => {
    if (checked && valid) toast.clearErrors();
  }, [checked, valid]);

  if (loading) return <p className="page-status">Loading checkout...</p>;
  if (failed) return <LoadError retry={retry} />;
  if (!placed && lines.length === 0) return <Navigate to="/cart" replace />;

  // Lines the shop cannot sell as they stand: sold out or short, as read or as the server just said.
  const leftOf = (line: (typeof lines)[number]) => Math.min(line.product.stock, left[line.product.id] ?? Infinity);
  const unavailable = placed ? [] : lines.filter((line) => line.quantity > leftOf(line));

  /** Shows the field errors; when there are any, takes the shopper to the first one. */
  function validate(): { field: string; message: string }[] {
    setChecked(true);
    if (found.length) {
      // After React has rendered the errors, so aria-invalid marks the fields.
      window.requestAnimationFrame(() => {
        const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        const field = first?.matches("input, select, textarea") ? first : first?.querySelector<HTMLElement>("input, select, textarea");
        field?.focus({ preventScroll: true });
        (field ?? first)?.scrollIntoView({ block: "center" });
      });
    }
    return found;
  }

  function saveDetails(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    if (found.length) {
      toast.error(found[0]!.message);
      return;
    }
    toast("Delivery details saved. Please confirm your payment below.");
    window.setTimeout(() => transferBlock.current?.scrollIntoView({ behavior: "smooth", block: "start" }), 200);
  }

  async function confirmOrder() {
    const found = validate();
    if (found.length) {
      toast.error(MESSAGES.confirmPrefix + found[0]!.message);
      return;
    }
    setBusy(true);
    void loadPlacedOrder().catch(() => undefined);
    try {
      const { sendOrder } = await loadPlaceOrder();
      const result = await sendOrder(apollo, {
        ...input,
        parkState: method === "park" ? park.state : null,
        parkName: method === "park" ? park.park : null,
        deliveryState: method === "doorstep" ? deliveryState : null,
        items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
        idempotencyKey: checkoutKey.current,
        paymentMethod: payWith,
        whatsappUpdates: updates,
        signedInAs: viewer?.id ?? null,
        discountCode: code?.code ?? null,
      });
      if (result?.__typename === "InsufficientStockError") {
        setLeft((current) => ({ ...current, [result.productId]: result.available }));
        void Promise.resolve(retry()).catch(() => undefined); // fresh stock for the other lines too
        return;
      }
      if (result?.__typename === "ValidationError" && result.field === "signedInAs") {
        // Nothing was placed. The header and cart follow the server: signed out, with the same
        // pieces in this browser's guest cart, so Confirm again orders as a guest (issue 40, finding 3).
        keepAsGuestCart(lines);
        apollo.writeQuery({ query: ViewerQuery, data: { viewer: null } });
        setSignedOut(result.message);
        return;
      }
      if (result?.__typename !== "MutationPlaceOrderSuccess") {
        // A refused code placed nothing: the details stay, so the shopper removes it and goes on.
        if (result?.__typename === "ValidationError" && result.field === "discountCode") setCodeProblem(result.message);
        toast.error(resultError(result, "Order submission failed"));
        return;
      }
      const { order } = result.data;
      sessionStorage.removeItem(DETAILS_KEY);
      setPlaced(order);
      if (signedIn) notifyCartUpdated();
      else clearGuestCart();
      checkoutKey.current = newCheckoutKey();
      // The choice follows the order: after Paystack's fallback it is the bank transfer (issue 40, finding 12).
      setPayWith(order.paymentMethod);
      const checkoutUrl = order.paymentMethod === "paystack_card" ? order.providerPayments.find((p) => p.status === "pending")?.checkoutUrl : null;
      // The card's "Order Confirmed" shows on the return page, once Paystack says paid.
      if (checkoutUrl) window.location.assign(checkoutUrl);
      else if (payWith !== "bank_transfer" && order.paymentMethod === "bank_transfer") toast.error(PROVIDER_UNREACHABLE);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : "Order submission failed");
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="field-error" id={`checkout-${field}-error`} role="alert">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `checkout-${field}-error` } : {});

  return (
    <section className="container checkout-page">
      <h1>Checkout</h1>
      <p className="checkout-banner" role="note">
        Please take a screenshot of your order or save your order reference: you will need it for your bank transfer and to track your order.
      </p>
      <div className="checkout-layout">
        <form ref={form} className="checkout-form" onSubmit={saveDetails} noValidate aria-labelledby="details-title">
          <h2 id="details-title">Delivery details</h2>
          <div className="form-field">
            <label htmlFor="checkout-name">Full name</label>
            <input id="checkout-name" value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="name" maxLength={LIMITS.name} {...described("fullName")} />
            {fieldError("fullName")}
          </div>
          <div className="form-field">
            <label htmlFor="checkout-email">Email</label>
            <input id="checkout-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" maxLength={LIMITS.email} {...described("email")} />
            {fieldError("email")}
          </div>
          <div className="form-field">
            <label htmlFor="checkout-phone">Phone number</label>
            <input id="checkout-phone" type="tel" inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" maxLength={LIMITS.phone} placeholder="0803 123 4567" {...described("phone")} />
            {fieldError("phone")}
          </div>
          <fieldset className="delivery-methods">
            <legend>How would you like to get your order?</legend>
            {METHODS.map((m) => (
              <label key={m.value} className={`delivery-method${method === m.value ? " is-selected" : ""}`}>
                <input type="radio" name="deliveryMethod" value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} />
                <span>
                  <strong>{m.label}</strong>
                  <small>{m.hint}</small>
                </span>
              </label>
            ))}
          </fieldset>
          {method === "doorstep" && (
            <div className="form-field">
              <label htmlFor="checkout-state">State</label>
              <StateSelect id="checkout-state" value={deliveryState} onChange={setDeliveryState} placeholder="Choose your state" {...described("deliveryState")} />
              {fieldError("deliveryState")}
            </div>
          )}
          {method === "doorstep" && (
            <div className="form-field">
              <label htmlFor="checkout-address">Delivery address</label>
              <textarea id="checkout-address" rows={3} value={address} onChange={(e) => setAddress(e.target.value)} autoComplete="street-address" maxLength={LIMITS.address} {...described("address")} />
              {fieldError("address")}
            </div>
          )}
          {method === "park" && (
            <div className="form-field" {...described("park")}>
              <Suspense fallback={<p className="page-status">Loading motor parks...</p>}>
                <ParkPicker value={park} onChange={setPark} />
              </Suspense>
              {fieldError("park")}
            </div>
          )}
          {method === "pickup" && <p className="checkout-pickup">Pick up from our store: {storeSettings.pickupAddress}</p>}
          {PAYMENT_CHOICES.length > 1 && (
            <fieldset className="delivery-methods payment-methods">
              <legend>How would you like to pay?</legend>
              {PAYMENT_CHOICES.map((choice) => (
                <label key={choice} className={`delivery-method${payWith === choice ? " is-selected" : ""}`}>
                  <input type="radio" name="paymentMethod" value={choice} checked={payWith === choice} onChange={() => setPayWith(choice)} disabled={Boolean(placed)} />
                  <span>
                    <strong>{PAYMENT_METHOD_LABELS[choice]}</strong>
                    <small>{PAYMENT_HINTS[choice]}</small>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {storeSettings.orderUpdates && (
            <label className="checkout-consent">
              <input type="checkbox" checked={updates} onChange={(e) => setUpdates(e.target.checked)} disabled={Boolean(placed)} /> Send me order updates on WhatsApp
            </label>
          )}
          <button type="submit" className="button button--ghost">
            Save &amp; Continue
          </button>
        </form>

        <aside className="order-summary checkout-summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">Order Summary</h2>
          <ul className="checkout-items">
            {/* Once placed, the order as the server wrote it: the cart is already empty (issue 40, finding 12). */}
            {placed?.items.map((item) => (
              <li key={item.id}>
                <span>
                  {item.productName} × {item.quantity}
                </span>
                <span>{formatNaira(fromKobo(toKobo(item.price) * item.quantity))}</span>
              </li>
            ))}
            {!placed && lines.map((l) => (
              <li key={l.key} className={unavailable.includes(l) ? "is-unavailable" : undefined}>
                <span>
                  {l.product.name} × {l.quantity}
                  {unavailable.includes(l) && <strong className="stock stock--out">{leftOf(l) > 0 ? ` Only ${leftOf(l)} left` : " Sold out"}</strong>}
                </span>
                <span>{formatNaira(lineTotal(l))}</span>
              </li>
            ))}
          </ul>
          <dl>
            <div>
              <dt>Items</dt>
              <dd data-testid="checkout-subtotal">{formatNaira(placed?.subtotal ?? subtotal)}</dd>
            </div>
            {toKobo(discount) > 0 && (
              <div>
                <dt>Discount{code ? ` (${code.code})` : ""}</dt>
                <dd data-testid="checkout-discount">−{formatNaira(discount)}</dd>
              </div>
            )}
            <div>
              <dt>Delivery</dt>
              <dd data-testid="checkout-delivery-fee">
                {awaitingState ? STATE_FIRST : deliveryFee === null ? "..." : Number(deliveryFee) === 0 ? "Free" : formatNaira(deliveryFee)}
              </dd>
            </div>
            <div className="order-summary__total">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{awaitingState ? `${formatNaira(subtotal)} + delivery (depends on your state)` : formatNaira(total)}</dd>
            </div>
          </dl>
          {shortOfFree && <p className="order-summary__note">Add {formatNaira(shortOfFree)} more for free delivery</p>}
          <Suspense fallback={null}>
            <DiscountCodeField
              items={signedIn ? null : lines.map((l) => ({ productId: l.product.id, quantity: l.quantity }))}
              applied={code}
              onChange={(next) => (setCode(next), setCodeProblem(null))}
              problem={codeProblem}
              disabled={Boolean(placed) || busy}
            />
          </Suspense>
        </aside>
      </div>

      <div ref={transferBlock} className="checkout-transfer" tabIndex={-1}>
        {placed ? (
          <Suspense fallback={null}>
            <PlacedOrderPayment order={placed} />
          </Suspense>
        ) : payWith === "bank_transfer" ? (
          <Suspense fallback={null}>
            <BankTransferDetails amount={awaitingState ? null : total} reference={null} />
          </Suspense>
        ) : (
          <p className="checkout-pay-note" role="note">
            {payWith === "paystack_transfer"
              ? "After you confirm, we show an account number for this order: transfer the exact amount to it and your payment is confirmed automatically."
              : "After you confirm, you go to Paystack to pay by card, USSD or your bank app, and come back here."}
          </p>
        )}
        {!online && !placed && (
          <p className="checkout-offline" role="alert">
            {NEEDS_CONNECTION}
          </p>
        )}
        {signedOut && !placed && (
          <p className="checkout-offline" role="alert">
            {signedOut}{" "}
            <Link to="/auth" state={{ from: "/checkout" }} onClick={clearGuestCart}>
              Sign in again
            </Link>
          </p>
        )}
        {unavailable.length > 0 && (
          <p className="checkout-offline" id="checkout-unavailable" role="alert">
            {unavailable.map((l) => `“${l.product.name}”`).join(", ")} {unavailable.length === 1 ? "is" : "are"} no longer available as ordered: <Link to="/cart">change your cart</Link> to
            place your order.
          </p>
        )}
        <button
          type="button"
          className="button checkout-confirm"
          onClick={() => void confirmOrder()}
          disabled={busy || Boolean(placed) || !online || unavailable.length > 0}
          aria-describedby={unavailable.length > 0 ? "checkout-unavailable" : undefined}
        >
          {busy ? "Processing..." : "Confirm Order"}
        </button>
      </div>

      {placed && placed.paymentMethod !== "paystack_card" && dialogOpen && (
        <Suspense fallback={null}>
          <OrderConfirmedDialog
            order={placed}
            onClose={() => {
              setDialogOpen(false);
              transferBlock.current?.focus(); // to how to pay, behind the dialog
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
