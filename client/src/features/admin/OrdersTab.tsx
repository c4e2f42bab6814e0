// Admin orders: newest first with items; filters by month, item size and channel (applied by the server);
// status select (any to any); shipping details; delete after a confirm.
import { useState } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { OrderAuditTimeline } from "./OrderAuditTimeline.tsx";
import { ProviderPaymentsList } from "./ProviderPaymentsList.tsx";
import { graphql } from "../../gql/index.ts";
import { OrderItemsText } from "../orders/OrderItemsList.tsx";
import { formatNaira } from "../../../../common/naira.ts";
import { toast } from "../../ui/toast.tsx";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { LoadError } from "../../ui/NetworkStatus.tsx";
import { ORDER_STATUSES, type OrderStatus } from "../../../../common/order-status.ts";
import { isErrorResult, resultError } from "../../lib/mutation-result.ts";
import { formatPhone } from "../../../../common/phone.ts";
import { useIsAdmin } from "../../lib/viewer.ts";
import { SALE_CHANNEL_LABELS, SALE_CHANNELS, type SaleChannelName } from "../../../../common/sale-channels.ts";
import { AdminOrderOffers } from "../offers/AdminOrderOffers.tsx";


const AdminOrdersQuery = graphql(`
  query AdminOrdersList($filter: AdminOrderFilter) {
    adminOrders(filter: $filter, limit: 200) {
      id
      shortOrderId
      orderNumber
      createdAt
      channel
      status
      paymentStatus
      total
      customerName
      customerEmail
      customerPhone
      customerAddress
      deliveryMethod
      deliveryState
      trackingNumber
      transportCompany
      waybillNumber
      driverPhone
      items {
        ...OrderItemLine
      }
      ...AdminOrderOffers
      ...AdminProviderPayments
    }
  }
`);

const UpdateOrderStatusMutation = graphql(`
  mutation AdminUpdateOrderStatus($input: UpdateOrderStatusInput!) {
    updateOrderStatus(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationUpdateOrderStatusSuccess {
        data {
          id
          status
          trackingNumber
          trackingStatus
          transportCompany
          waybillNumber
          driverPhone
        }
      }
    }
  }
`);

const DeleteOrderMutation = graphql(`
  mutation AdminDeleteOrder($id: ID!) {
    deleteOrder(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

type AdminOrder = NonNullable<ReturnType<typeof useAdminOrders>["data"]>["adminOrders"][number];

function useAdminOrders(month: string, size: string, channel: SaleChannelName | "") {
  const filter = { month: month || null, size: size.trim() || null, channel: channel || null };
  return useQuery(AdminOrdersQuery, { variables: { filter }, fetchPolicy: "cache-and-network" });
}


function OrderRow({ order }: { order: AdminOrder }) {
  const isAdmin = useIsAdmin();
  const [showHistory, setShowHistory] = useState(false);
  const [shipping, setShipping] = useState({
    transportCompany: order.transportCompany ?? "",
    waybillNumber: order.waybillNumber ?? "",
    driverPhone: order.driverPhone ?? "",
  });
  const [updateStatus, { loading: updating }] = useMutation(UpdateOrderStatusMutation);
  const [deleteOrder] = useMutation(DeleteOrderMutation, { refetchQueries: ["AdminOrdersList", "AdminDashboardCounts"] });

  async function changeStatus(status: OrderStatus, withShipping: boolean, confirmUnpaid = false) {
    try {
      const result = await updateStatus({
        variables: {
          input: {
            orderId: order.id,
            status,
            confirmUnpaid,
            ...(withShipping || status === "shipped"
              ? { transportCompany: shipping.transportCompany, waybillNumber: shipping.waybillNumber, driverPhone: shipping.driverPhone }
              : {}),
          },
        },
      });
      const payload = result.data?.updateOrderStatus;
      // The server refuses to move an unpaid order on unless the admin says so (issue 26, item 3).
      if (payload?.__typename === "UnpaidOrderError") {
        const proceed = window.confirm(`${payload.message}\n\nOK: move it to ${status} unpaid. Cancel: keep it as it is (record the payment in the Payments tab first).`);
        if (proceed) await changeStatus(status, withShipping, true);
        return;
      }
      if (payload?.__typename === "MutationUpdateOrderStatusSuccess") {
        toast(withShipping && status === order.status ? "Shipping details saved" : `Order status updated to ${status}`);
      } else {
        toast.error(isErrorResult(payload) ? `Failed to update order status: ${payload.message}` : "Failed to update order status");
      }
    } catch {
      toast.error("Failed to update order status");
    }
  }

  async function onDelete() {
    if (!window.confirm("Are you sure you want to delete this order?")) return;
    try {
      const result = await deleteOrder({
        variables: { id: order.id },
        update(cache, { data: deleted }) {
          if (deleted?.deleteOrder.__typename !== "MutationDeleteOrderSuccess") return;
          cache.evict({ id: cache.identify({ __typename: "Order", id: order.id }) });
          cache.gc();
        },
      });
      const payload = result.data?.deleteOrder;
      if (payload?.__typename === "MutationDeleteOrderSuccess") toast("Order deleted successfully");
      else toast.error(`Failed to delete order: ${resultError(payload, "unknown error")}`);
    } catch (error) {
      toast.error(`Failed to delete order: ${error instanceof Error ? error.message : "unknown error"}`);
    }
  }

  const statusId = `order-status-${order.id}`;
  return (
    <li className="admin-order" data-testid="admin-order" data-order={order.shortOrderId}>
      <div className="admin-order__head">
        <div>
          <strong>#{order.shortOrderId}</strong> <span className="admin-muted">{formatLagosTime(order.createdAt)}</span>{" "}
          <span className="admin-pill" data-testid="order-channel">
            {SALE_CHANNEL_LABELS[order.channel]}
          </span>
          <div>
            {order.customerName} · {order.customerEmail} · {order.customerPhone && formatPhone(order.customerPhone)}
          </div>
          <div className="admin-muted">
            {order.deliveryMethod}
            {order.customerAddress ? ` · ${order.customerAddress}` : ""}
            {order.deliveryState ? ` · State: ${order.deliveryState}` : ""} · payment {order.paymentStatus.replace("_", " ")}
          </div>
        </div>
        <div className="admin-order__total">{formatNaira(order.total)}</div>
      </div>
      <OrderItemsText items={order.items} className="admin-order__items" />
      <AdminOrderOffers order={order} />
      <ProviderPaymentsList order={order} />
      <div className="admin-order__controls">
        <label htmlFor={statusId}>Status</label>
        <select
          id={statusId}
          value={order.status}
          disabled={updating}
          onChange={(e) => void changeStatus(e.target.value as OrderStatus, false)}
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {order.trackingNumber ? <span className="admin-muted">Tracking {order.trackingNumber}</span> : null}
        {isAdmin ? (
          <button type="button" className="button button--small button--danger" onClick={onDelete} aria-label={`Delete order ${order.shortOrderId}`}>
            Delete
          </button>
        ) : null}
      </div>
      <details className="admin-order__shipping">
        <summary>Shipping details</summary>
        <div className="admin-form admin-form--inline">
          <label>
            Transport company
            <input maxLength={100} value={shipping.transportCompany} onChange={(e) => setShipping({ ...shipping, transportCompany: e.target.value })} />
          </label>
          <label>
            Waybill number
            <input maxLength={60} value={shipping.waybillNumber} onChange={(e) => setShipping({ ...shipping, waybillNumber: e.target.value })} />
          </label>
          <label>
            Driver's phone
            <input type="tel" maxLength={30} value={shipping.driverPhone} onChange={(e) => setShipping({ ...shipping, driverPhone: e.target.value })} />
          </label>
          <button type="button" className="button button--small" disabled={updating} onClick={() => void changeStatus(order.status as OrderStatus, true)}>
            Save shipping details
          </button>
        </div>
      </details>
      {/* The audit log is the owner's (decision 038). */}
      {isAdmin ? (
        <details className="admin-order__history" onToggle={(e) => setShowHistory(e.currentTarget.open)}>
          <summary>History</summary>
          {/* Loaded only when opened: one audit query per order the admin looks at. */}
          {showHistory ? <OrderAuditTimeline orderId={order.id} /> : null}
        </details>
      ) : null}
    </li>
  );
}

export function OrdersTab() {
  const [month, setMonth] = useState("");
  const [size, setSize] = useState("");
  const [channel, setChannel] = useState<SaleChannelName | "">("");
  const { data, loading, error, refetch } = useAdminOrders(month, size, channel);
  const orders = data?.adminOrders ?? [];
  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2>Orders</h2>
        {/* An order taken in a DM or at the stall (decision 035). */}
        <Link to="/admin/new-order" className="button button--small">
          New order
        </Link>
      </div>
      <div className="admin-filters">
        <label>
          Month
          <input type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </label>
        <label>
          Size
          <input value={size} maxLength={30} placeholder="e.g. M" onChange={(e) => setSize(e.target.value)} />
        </label>
        <label>
          Channel
          <select value={channel} onChange={(e) => setChannel(e.target.value as SaleChannelName | "")}>
            <option value="">All</option>
            {SALE_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {SALE_CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        {month || size || channel ? (
          <button type="button" className="link-button" onClick={() => (setMonth(""), setSize(""), setChannel(""))}>
            Clear filters
          </button>
        ) : null}
      </div>
      {error ? <LoadError retry={refetch} message={`Could not load orders: ${error.message}`} /> : null}
      {loading && !data ? <p className="page-status">Loading orders...</p> : null}
      {data && orders.length === 0 ? <p className="page-status">No orders found.</p> : null}
      <ul className="admin-list">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ul>
    </div>
  );
}
