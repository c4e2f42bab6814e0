// The items of an order as placed (name, picture, quantity × price at order time): with pictures on
// the thank-you page, the tracker and the account's order panel; as text lines in the guest's order
// lookup and the admin's order list. Each query asks for its items with `...OrderItemLine`, so the
// fields live in one place.
import { formatNaira } from "../../../../common/naira.ts";
import { graphql, getFragmentData, type FragmentType } from "../../gql/index.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";

export const OrderItemLineFragment = graphql(`
  fragment OrderItemLine on OrderItem {
    id
    productName
    imageUrl
    quantity
    price
    size
  }
`);

export function OrderItemsList(props: { items: FragmentType<typeof OrderItemLineFragment>[]; showSize?: boolean }) {
  const items = getFragmentData(OrderItemLineFragment, props.items);
  const showSize = props.showSize ?? false;
  return (
    <ul className="order-items">
      {items.map((item) => (
        <li key={item.id} className="order-item">
          <ProductImage src={item.imageUrl} alt={item.productName} className="order-item__image" />
          <span className="order-item__name">
            {item.productName}
            {showSize && item.size && <small> · Size {item.size}</small>}
          </span>
          <span className="order-item__qty">
            {item.quantity} x {formatNaira(item.price)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The items as text lines: "Ankara dress (M) — 2 x ₦5,000". */
export function OrderItemsText(props: { items: FragmentType<typeof OrderItemLineFragment>[]; className: string }) {
  const items = getFragmentData(OrderItemLineFragment, props.items);
  return (
    <ul className={props.className}>
      {items.map((item) => (
        <li key={item.id}>
          {item.productName}
          {item.size ? ` (${item.size})` : ""} — {item.quantity} x {formatNaira(item.price)}
        </li>
      ))}
    </ul>
  );
}
