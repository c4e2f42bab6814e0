// The items of an order as placed (name, picture, quantity × price at order time), shared by the
// thank-you page, the tracker and the account's order panel.
import { formatNaira } from "../../../../common/naira.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";

export interface OrderItemLine {
  id: string;
  productName: string;
  imageUrl?: string | null;
  quantity: number;
  price: string;
  size?: string | null;
}

export function OrderItemsList({ items, showSize = false }: { items: OrderItemLine[]; showSize?: boolean }) {
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
