// One order of the account's list, opened with "View": its items, its claims and the "Report a
// problem" form (when it may be claimed), payment (bank details, receipt form, Paystack account),
// WhatsApp link and tracker link. Its own chunk, fetched once the account
// page shows its orders, so the account's first download does without the order views.
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import type { AccountProfileQuery as AccountProfileData } from "../../gql/graphql.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { WhatsAppOrderLink } from "../orders/WhatsAppOrderLink.tsx";
import { deliveryFeeText } from "../orders/order-labels.ts";
import { orderStatusLine } from "../../../../common/order-status.ts";
import { deliveryMethodLabel } from "../../../../common/delivery-methods.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { OrderItemsList } from "../orders/OrderItemsList.tsx";
import { OrderPayment } from "../orders/OrderPayment.tsx";
import { AddMoreNote } from "../offers/AddMoreNote.tsx";

export type AccountOrder = AccountProfileData["myOrders"][number];

// Fetched only for an order that has claims or may be claimed now (Order.claimReasons).
const OrderClaims = lazy(() => import("../claims/OrderClaims.tsx").then((module) => ({ default: module.OrderClaims })));

export function OrderPanel({ order, onClose }: { order: AccountOrder; onClose: () => void }) {
  return (
    <div className="side-panel-backdrop" onClick={onClose} onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <aside className="side-panel" role="dialog" aria-modal="true" aria-labelledby="order-panel-title" onClick={(e) => e.stopPropagation()}>
        <div className="side-panel__head">
          <h2 id="order-panel-title">Order {order.shortOrderId}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose} autoFocus>
            ×
          </button>
        </div>
        <p>
          {formatLagosTime(order.createdAt)} · {orderStatusLine(order)}
        </p>
        <p>
          {deliveryMethodLabel(order.deliveryMethod)}: {order.customerAddress}
        </p>
        {order.deliveryState && <p>State: {order.deliveryState}</p>}
        <OrderItemsList items={order.items} />
        <p>Delivery fee: {deliveryFeeText(order.deliveryFee)}</p>
        <p className="order-summary__total">
          Total: <strong>{formatNaira(order.total)}</strong>
        </p>
        {(order.claimReasons.length > 0 || order.claims.length > 0) && (
          <Suspense fallback={null}>
            <OrderClaims order={order} />
          </Suspense>
        )}
        <OrderPayment order={order} />
        <AddMoreNote order={order} />
        <WhatsAppOrderLink order={order} />
        <Link to={`/track-order/${order.shortOrderId}`} className="button">
          Track
        </Link>
      </aside>
    </div>
  );
}
