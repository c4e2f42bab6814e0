// The order tracker: progress in three steps (Processing, Shipped, Delivered), the items, and the
// contact and shipping details for the owner or an admin only; for the owner also the order's claims
// and, while the server allows one, the "Report a problem" form (both in their own chunk).
import { lazy, Suspense, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { graphql } from "../../gql/index.ts";
import { usePageMeta } from "../../lib/page-meta.ts";
import { LazyOrderPayment } from "./LazyOrderPayment.tsx";
import { WhatsAppOrderLink } from "./WhatsAppOrderLink.tsx";
import { FindOrdersByPhone } from "./FindOrdersByPhone.tsx";
import { OrderStatusHistory } from "./OrderStatusHistory.tsx";
import { guestPassFor } from "./guest-orders.ts";
import { orderHeader } from "./order-header.ts";
import { ORDER_STATUS_LABELS, TRACKER_STATUSES } from "../../../../common/order-status.ts";
import { deliveryMethodLabel } from "../../../../common/delivery-methods.ts";
import { OrderItemsList } from "./OrderItemsList.tsx";
import { OrderFacts } from "./OrderFacts.tsx";
import "../../personal-pages.css";
import { formatPhone } from "../../../../common/phone.ts";

// "Add more pieces to this order …" (a bundle): its own small chunk, after the page shows (bundle budget).
// The guest's "open your order with your phone" form shows only to someone who is not the order's
// owner (or for a reference not found): its own chunk, fetched when shown (bundle budget).
const GuestOrderLookup = lazy(() => import("./GuestOrderLookup.tsx").then((module) => ({ default: module.GuestOrderLookup })));
const AddMoreNote = lazy(() => import("../offers/AddMoreNote.tsx").then((module) => ({ default: module.AddMoreNote })));
// The order's claims and "Report a problem": fetched only for an order that has claims or may be
// claimed now (Order.claimReasons, the server's window), so the tracker's download does not grow.
const OrderClaims = lazy(() => import("../claims/OrderClaims.tsx").then((module) => ({ default: module.OrderClaims })));

const OrdersTrackQuery = graphql(`
  query OrdersTrack($reference: String!, $guestToken: String) {
    trackOrder(reference: $reference, guestToken: $guestToken) {
      id
      shortOrderId
      ...OrderHeader
      ...AddMoreNote
      deliveryMethod
      viewerIsOwner
      customerName
      customerEmail
      customerPhone
      customerAddress
      deliveryState
      trackingNumber
      trackingStatus
      trackingUpdatedAt
      transportCompany
      waybillNumber
      driverPhone
      ...OrderPaymentState
      ...WhatsAppOrderLink
      claimReasons
      claims {
        id
      }
      ...OrderClaims
      items {
        id
        ...OrderItemLine
      }
    }
  }
`);

export const TRACK_STEPS = TRACKER_STATUSES.map((status) => ({ status, label: ORDER_STATUS_LABELS[status] }));

/** How many steps are highlighted: pending, confirmed (and cancelled) highlight none. */
export function stepsReached(status: string): number {
  return TRACK_STEPS.findIndex((s) => s.status === status) + 1;
}

function ReferenceForm() {
  const navigate = useNavigate();
  const [reference, setReference] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = reference.trim();
    if (value) navigate(`/track-order/${encodeURIComponent(value)}`);
  }
  return (
    <section className="container tracker">
      <h1>Track your order</h1>
      <form className="tracker-form" onSubmit={submit}>
        <label htmlFor="track-reference">Order reference</label>
        <input id="track-reference" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={64} placeholder="e.g. 7KQ2M9XD" autoCapitalize="characters" />
        <button type="submit" className="button">
          Track
        </button>
      </form>
      <FindOrdersByPhone />
    </section>
  );
}

export function TrackOrderPage() {
  const { orderId } = useParams();
  usePageMeta({ title: "Track your order" });
  if (!orderId) return <ReferenceForm />;
  return <OrderTracker reference={orderId} />;
}

function OrderTracker({ reference }: { reference: string }) {
  const pass = guestPassFor(reference);
  const { data, loading, error, refetch } = useQuery(OrdersTrackQuery, { variables: { reference, guestToken: pass?.token ?? null }, fetchPolicy: "cache-and-network" });
  if (loading && !data) return <p className="page-status">Loading order...</p>;
  // A refusal by the shop (e.g. too many lookups from this address) says so; anything else is the connection.
  const refusal = error && "errors" in error ? (error as { errors: { message: string }[] }).errors[0]?.message : undefined;
  if (error && !data) return <LoadError retry={refetch} message={refusal} />;
  const order = data?.trackOrder;
  if (!order) {
    return (
      <section className="container tracker">
        <h1>Order not found</h1>
        {/* Not a dead end for a guest (issue 26): retype the reference with the checkout phone, or
            have the references emailed. */}
        <p>No order has the reference “{reference}”. Check it in your confirmation email, or open your order with the phone number you used at checkout.</p>
        <Suspense fallback={null}>
          <GuestOrderLookup reference={reference} />
        </Suspense>
        <FindOrdersByPhone />
        <Link to="/products" className="button button--ghost">
          Continue Shopping
        </Link>
      </section>
    );
  }
  const header = orderHeader(order);
  const reached = stepsReached(header.order.status);
  return (
    <section className="container tracker">
      <h1>Order {order.shortOrderId}</h1>
      <p className="tracker__meta">
        Placed {header.placed} · {header.statuses} · {header.total}
      </p>
      {header.order.status === "cancelled" && <p className="tracker__cancelled">This order was cancelled.</p>}
      <ol className="tracker-steps" aria-label="Order progress">
        {TRACK_STEPS.map((step, i) => (
          <li key={step.status} className={`tracker-step${i < reached ? " is-done" : ""}`} aria-current={i === reached - 1 ? "step" : undefined}>
            <span className="tracker-step__dot" aria-hidden="true">
              {i + 1}
            </span>
            <span className="tracker-step__label">{step.label}</span>
          </li>
        ))}
      </ol>
      <OrderStatusHistory reference={order.shortOrderId} />

      <h2>Items</h2>
      <OrderItemsList items={order.items} />
      <p className="order-money" data-testid="order-money">
        Items {header.subtotal} · {header.discount && <>Discount {header.discount} · </>}Delivery {header.deliveryFee} · <strong>Total {header.total}</strong>
      </p>
      {order.viewerIsOwner && <Suspense fallback={null}>
        <AddMoreNote order={order} />
      </Suspense>}

      {order.viewerIsOwner ? (
        <>
          <h2>Delivery details</h2>
          <OrderFacts
            facts={[
              ["Name", order.customerName],
              ["Email", order.customerEmail],
              ["Phone", order.customerPhone && formatPhone(order.customerPhone)],
              [deliveryMethodLabel(order.deliveryMethod), order.customerAddress],
              order.deliveryState && ["State", order.deliveryState],
              order.trackingNumber && ["Tracking number", order.trackingNumber],
              order.transportCompany && ["Carrier", order.transportCompany],
              order.waybillNumber && ["Waybill number", order.waybillNumber],
              order.driverPhone && ["Driver's phone", <a href={`tel:${order.driverPhone}`}>{formatPhone(order.driverPhone)}</a>],
            ]}
          />
          {(order.claimReasons.length > 0 || order.claims.length > 0) && (
            <Suspense fallback={null}>
              <OrderClaims order={order} guestToken={pass?.token ?? null} />
            </Suspense>
          )}
          <h2>Payment</h2>
          <LazyOrderPayment order={order} refresh={refetch} />
          <WhatsAppOrderLink order={order} />
        </>
      ) : (
        <>
          <Suspense fallback={null}>
            <GuestOrderLookup reference={order.shortOrderId} />
          </Suspense>
          <WhatsAppOrderLink order={order} />
        </>
      )}
    </section>
  );
}
