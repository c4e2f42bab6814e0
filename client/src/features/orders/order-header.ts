// The headline of an order (its statuses, money and when it was placed) as the thank-you page and
// the tracker both show it: one selection, worded once.
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { orderStatusLine } from "../../../../common/order-status.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { deliveryFeeText } from "./order-labels.ts";

export const OrderHeaderFragment = graphql(`
  fragment OrderHeader on Order {
    status
    paymentStatus
    subtotal
    discount
    discountCode
    deliveryFee
    total
    createdAt
  }
`);

export function orderHeader(ref: FragmentType<typeof OrderHeaderFragment>) {
  const order = getFragmentData(OrderHeaderFragment, ref);
  return {
    order,
    /** "Processing · Paid" */
    statuses: orderStatusLine(order),
    placed: formatLagosTime(order.createdAt),
    subtotal: formatNaira(order.subtotal),
    /** "−₦900 (IGFAM10)", or null without a discount. */
    discount: Number(order.discount) > 0 ? `−${formatNaira(order.discount)}${order.discountCode ? ` (${order.discountCode})` : ""}` : null,
    deliveryFee: deliveryFeeText(order.deliveryFee),
    total: formatNaira(order.total),
  };
}
