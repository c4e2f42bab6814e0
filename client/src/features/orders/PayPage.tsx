// The payment page behind an order's payment link (/pay/<shortOrderId>, issue 35, decision 035): a
// buyer who got the link in a chat opens it on their phone, in a browser that has never seen the
// store, and pays without signing in. It shows the shop, the pieces with their photos, the delivery,
// the total and the time left on the hold, the Paystack choices when the shop has Paystack
// (PaystackChoices), the bank details with the reference (each copyable) and the receipt upload
// (OrderPayment, as on the tracker); a paid or expired order says so, without a reload once paid. The buyer's
// contact is masked by the server: the link travels through chats. Sending a receipt asks for the
// order's phone number, the tracker's proof for a guest.
import { lazy, Suspense, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { usePageMeta } from "../../lib/page-meta.ts";
import { storeSettings } from "../../lib/store-settings.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { deliveryMethodLabel } from "../../../../common/delivery-methods.ts";
import { paymentIsDue, paymentState } from "../../../../common/payment-state.ts";
import { OrderItemsList } from "./OrderItemsList.tsx";
import { OrderFacts } from "./OrderFacts.tsx";
import { LazyOrderPayment } from "./LazyOrderPayment.tsx";
import { orderHeader } from "./order-header.ts";
import "../../personal-pages.css";

// Only a shop with Paystack, for an order still due, downloads the choices: the page stays light on
// the slow phones its links are opened on.
const PaystackChoices = lazy(() => import("./PaystackChoices.tsx").then((module) => ({ default: module.PaystackChoices })));

const PaymentPageQuery = graphql(`
  query PaymentPage($reference: String!) {
    paymentMethods
    paymentPage(reference: $reference) {
      buyerName
      phoneHint
      emailHint
      addressHint
      order {
        id
        shortOrderId
        deliveryMethod
        deliveryState
        ...OrderHeader
        ...OrderPaymentState
        items {
          id
          ...OrderItemLine
        }
      }
    }
  }
`);

export function PayPage() {
  const { reference = "" } = useParams();
  usePageMeta({ title: `Pay for order ${reference}`, noIndex: true });
  const { data, loading, error, refetch } = useQuery(PaymentPageQuery, { variables: { reference }, fetchPolicy: "cache-and-network" });
  const [phone, setPhone] = useState("");
  const [params] = useSearchParams();
  if (loading && !data) return <p className="page-status">Loading order...</p>;
  const refusal = error && "errors" in error ? (error as { errors: { message: string }[] }).errors[0]?.message : undefined;
  if (error && !data) return <LoadError retry={refetch} message={refusal} />;
  const page = data?.paymentPage;
  if (!page) {
    return (
      <section className="container tracker pay-page">
        <h1>Order not found</h1>
        <p>No order has the reference “{reference}”. Please check the link the shop sent you, or ask them on WhatsApp.</p>
      </section>
    );
  }
  const { order } = page;
  const header = orderHeader(order);
  const state = paymentState(header.order);
  const paystackMethods = (data?.paymentMethods ?? []).filter((method) => method !== "bank_transfer");
  return (
    <section className="container tracker pay-page" data-payment-state={state}>
      <p className="pay-page__shop">{storeSettings.name}</p>
      <h1>
        {state === "paid" ? "This order is paid" : state === "expired" ? "This order expired" : state === "cancelled" ? "This order was cancelled" : `Pay for order ${order.shortOrderId}`}
      </h1>
      <p className="tracker__meta">
        Order {order.shortOrderId} for {page.buyerName} · {header.statuses}
      </p>
      <OrderItemsList items={order.items} showSize />
      <p className="order-money" data-testid="order-money">
        Items {header.subtotal} · Delivery {header.deliveryFee} · <strong>Total {header.total}</strong>
      </p>
      <OrderFacts
        facts={[
          [deliveryMethodLabel(order.deliveryMethod), page.addressHint],
          order.deliveryState && ["State", order.deliveryState],
          ["Phone", page.phoneHint],
          page.emailHint && ["Email", page.emailHint],
        ]}
      />
      {paymentIsDue(state) && paystackMethods.length > 0 && (
        <Suspense fallback={null}>
          <PaystackChoices
            reference={order.shortOrderId}
            methods={paystackMethods}
            refresh={refetch}
            returnedReference={params.get("reference") ?? params.get("trxref")}
          />
        </Suspense>
      )}
      <label className="pay-page__phone">
        Your phone number (to send your receipt)
        <input type="tel" inputMode="tel" autoComplete="tel" value={phone} maxLength={20} onChange={(e) => setPhone(e.target.value)} placeholder="0803 123 4567" />
      </label>
      <LazyOrderPayment order={order} phone={phone.trim() || null} refresh={refetch} />
      <p className="admin-muted">
        Questions? <Link to="/contact">Contact {storeSettings.name}</Link>.
      </p>
    </section>
  );
}
