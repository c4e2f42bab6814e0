// Phone-first guests: the order reference plus the phone used at checkout opens the full order
// (contact details, items, payment, shipping) and lets the guest send a receipt. Rate-limited.
// The tracker around it already offers "Chat about this order".
import { useId, useState, type FormEvent } from "react";
import { useLazyQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { OrderItemsText } from "./OrderItemsList.tsx";
import { formatNaira } from "../../../../common/naira.ts";
import { phoneError } from "../../../../common/phone.ts";
import { LazyOrderPayment } from "./LazyOrderPayment.tsx";
import { OrderStatusHistory } from "./OrderStatusHistory.tsx";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { deliveryFeeText } from "./order-labels.ts";
import { orderPaymentLabel, orderStatusLabel } from "../../../../common/order-status.ts";
import { deliveryMethodLabel } from "../../../../common/delivery-methods.ts";
import { isErrorResult } from "../../lib/mutation-result.ts";
import { formatPhone } from "../../../../common/phone.ts";
import { FormError } from "../../ui/FormError.tsx";
import { CheckoutPhoneField } from "./CheckoutPhoneField.tsx";

const PaymentsGuestLookupQuery = graphql(`
  query PaymentsGuestLookup($reference: String!, $phone: String!) {
    orderByReferenceAndPhone(reference: $reference, phone: $phone) {
      __typename
      ... on Error {
        message
      }
      ... on QueryOrderByReferenceAndPhoneSuccess {
        data {
          order {
            id
            shortOrderId
            deliveryFee
            total
            status
            paymentStatus
            viewerIsOwner
            ...OrderPaymentState
            createdAt
            deliveryMethod
            customerName
            customerEmail
            customerPhone
            customerAddress
            deliveryState
            parkState
            parkName
            transportCompany
            waybillNumber
            driverPhone
            trackingNumber
            items {
              ...OrderItemLine
            }
          }
        }
      }
    }
  }
`);


export function GuestOrderLookup({ reference }: { reference: string }) {
  const id = useId();
  const [ref, setRef] = useState(reference);
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [lookup, { data, loading }] = useLazyQuery(PaymentsGuestLookupQuery, { fetchPolicy: "network-only" });
  const result = data?.orderByReferenceAndPhone;
  const order = result?.__typename === "QueryOrderByReferenceAndPhoneSuccess" ? result.data.order : null;

  async function open(event: FormEvent) {
    event.preventDefault();
    const problem = ref.trim().length < 4 ? "Enter the order reference from your confirmation" : phoneError(phone);
    setError(problem);
    if (problem) return;
    await lookup({ variables: { reference: ref.trim(), phone } }).catch(() => setError("Something went wrong. Please try again."));
  }
  // The server's answer (wrong phone, rate limit) shows until the shopper tries again.
  const answerError = isErrorResult(result) ? result.message : null;
  const shownError = error ?? (loading ? null : answerError);

  if (order) {
    return (
      <section className="guest-order" aria-label={`Order ${order.shortOrderId}`}>
        <h2>Order {order.shortOrderId}</h2>
        <dl className="guest-order__facts">
          <dt>Status</dt>
          <dd className="guest-order__status">{orderStatusLabel(order.status)}</dd>
          <dt>Payment</dt>
          <dd className="guest-order__payment">{orderPaymentLabel(order)}</dd>
          <dt>Delivery fee</dt>
          <dd>{deliveryFeeText(order.deliveryFee)}</dd>
          <dt>Total</dt>
          <dd>{formatNaira(order.total)}</dd>
          <dt>Placed</dt>
          <dd>{formatLagosTime(order.createdAt)}</dd>
          <dt>Delivery</dt>
          <dd>{deliveryMethodLabel(order.deliveryMethod)}</dd>
          <dt>Name</dt>
          <dd>{order.customerName}</dd>
          <dt>Email</dt>
          <dd>{order.customerEmail}</dd>
          <dt>Phone</dt>
          <dd>{order.customerPhone && formatPhone(order.customerPhone)}</dd>
          {order.customerAddress && (
            <>
              <dt>Address</dt>
              <dd>{order.customerAddress}</dd>
            </>
          )}
          {order.deliveryState && (
            <>
              <dt>State</dt>
              <dd>{order.deliveryState}</dd>
            </>
          )}
          {order.waybillNumber && (
            <>
              <dt>Carrier</dt>
              <dd>{order.transportCompany}</dd>
              <dt>Waybill number</dt>
              <dd>{order.waybillNumber}</dd>
              <dt>Driver's phone</dt>
              <dd>{order.driverPhone && <a href={`tel:${order.driverPhone}`}>{formatPhone(order.driverPhone)}</a>}</dd>
            </>
          )}
        </dl>
        <OrderItemsText items={order.items} className="guest-order__items" />
        <LazyOrderPayment order={order} phone={phone} />
        <OrderStatusHistory reference={order.shortOrderId} />
      </section>
    );
  }

  return (
    <form className="guest-lookup" onSubmit={open} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>See your full order details</h2>
      <p>Enter your order reference and the phone number you used at checkout.</p>
      <label>
        Order reference
        <input value={ref} maxLength={20} autoCapitalize="characters" onChange={(e) => setRef(e.target.value)} />
      </label>
      <CheckoutPhoneField value={phone} onChange={setPhone} />
      <FormError message={shownError} />
      <button type="submit" className="button" disabled={loading}>
        {loading ? "Opening..." : "Open order details"}
      </button>
    </form>
  );
}
