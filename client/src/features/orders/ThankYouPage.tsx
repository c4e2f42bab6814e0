// /thank-you (and /thankyou, with an ignored id): the viewer's own latest order, never another
// shopper's: the signed-in shopper's newest, or the guest order this browser placed.
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { graphql } from "../../gql/index.ts";
import { usePageMeta } from "../../lib/page-meta.ts";
import { useViewer } from "../../lib/viewer.ts";
import { LazyOrderPayment } from "./LazyOrderPayment.tsx";
import { WhatsAppOrderLink } from "./WhatsAppOrderLink.tsx";
import { latestGuestOrder } from "./guest-orders.ts";
import { PAYMENT_METHOD_LABELS } from "./order-labels.ts";
import { orderHeader } from "./order-header.ts";
import { deliveryMethodLabel } from "../../../../common/delivery-methods.ts";
import { OrderItemsList } from "./OrderItemsList.tsx";
import { OrderFacts } from "./OrderFacts.tsx";
import "../../personal-pages.css";
import { formatPhone } from "../../../../common/phone.ts";

// "Add more pieces to this order …" (a bundle): its own small chunk, after the page shows (bundle budget).
const AddMoreNote = lazy(() => import("../offers/AddMoreNote.tsx").then((module) => ({ default: module.AddMoreNote })));

const OrdersLatestQuery = graphql(`
  query OrdersLatest($guestOrderId: ID, $guestToken: String) {
    latestOrder(guestOrderId: $guestOrderId, guestToken: $guestToken) {
      id
      shortOrderId
      orderNumber
      ...OrderHeader
      ...AddMoreNote
      holdExpiresAt
      deliveryMethod
      paymentMethod
      customerName
      customerEmail
      customerPhone
      customerAddress
      deliveryState
      ...OrderPaymentState
      ...WhatsAppOrderLink
      items {
        id
        ...OrderItemLine
      }
    }
  }
`);

function deliveryNote(method: string, paid: boolean): string {
  if (method === "pickup") return "We will call you when your order is ready for pickup at our store.";
  if (method === "park") return "We will send your order to the motor park you chose and share the waybill details once it ships.";
  return paid ? "We will deliver to your address." : "We will deliver to your address once your payment is confirmed.";
}

export function ThankYouPage() {
  usePageMeta({ title: "Thank you for your order" });
  const { loading: viewerLoading } = useViewer();
  const pass = latestGuestOrder();
  const { data, loading, error, refetch } = useQuery(OrdersLatestQuery, {
    variables: { guestOrderId: pass?.orderId ?? null, guestToken: pass?.token ?? null },
    fetchPolicy: "network-only",
    skip: viewerLoading,
  });

  // Only the first load: a poll's refetch (OrderPayment) keeps the page on screen.
  if (viewerLoading || (loading && !data)) return <p className="page-status">Loading your order...</p>;
  if (error && !data) return <LoadError retry={refetch} />;
  const order = data?.latestOrder;
  if (!order) {
    return (
      <section className="container thank-you">
        <h1>No recent order found</h1>
        <Link to="/" className="button">
          Back to Home
        </Link>
      </section>
    );
  }

  const header = orderHeader(order);
  return (
    <section className="container thank-you">
      <h1>Thank you for your order!</h1>
      <div className="thank-you__summary">
        <dl className="order-facts">
          <div>
            <dt>Order number</dt>
            <dd className="order-reference" data-testid="order-reference">
              {order.shortOrderId}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{header.statuses}</dd>
          </div>
          <div>
            <dt>Items</dt>
            <dd data-testid="order-subtotal">{header.subtotal}</dd>
          </div>
          <div>
            <dt>Delivery fee</dt>
            <dd data-testid="order-delivery-fee">{header.deliveryFee}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd data-testid="order-total">{header.total}</dd>
          </div>
          <div>
            <dt>Placed</dt>
            <dd>{header.placed}</dd>
          </div>
          <div>
            <dt>Delivery</dt>
            <dd>{deliveryMethodLabel(order.deliveryMethod)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
          </div>
        </dl>
      </div>

      <Suspense fallback={null}>
        <AddMoreNote order={order} />
      </Suspense>

      <h2>Customer details</h2>
      <OrderFacts
        facts={[
          ["Name", order.customerName],
          ["Email", order.customerEmail],
          ["Phone", order.customerPhone && formatPhone(order.customerPhone)],
          ["Address", order.customerAddress],
          order.deliveryState && ["State", order.deliveryState],
        ]}
      />

      <h2>Items</h2>
      <OrderItemsList items={order.items} showSize />

      <h2>Payment</h2>
      <LazyOrderPayment order={order} refresh={refetch} />
      <div className="no-print">
        <WhatsAppOrderLink order={order} />
      </div>

      <h2>Delivery</h2>
      <p className="delivery-note">{deliveryNote(order.deliveryMethod, header.order.paymentStatus === "paid")}</p>

      <div className="thank-you__actions no-print">
        <Link to="/" className="button button--ghost">
          Back to Home
        </Link>
        <Link to={`/track-order/${order.shortOrderId}`} className="button button--ghost">
          Track Order
        </Link>
        <button type="button" className="button" onClick={() => window.print()}>
          Print Order
        </button>
      </div>
    </section>
  );
}
