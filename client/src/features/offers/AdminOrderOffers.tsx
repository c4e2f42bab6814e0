// The admin's order card: the discount code and what it took off, the pieces added after placing
// (a bundle) with their time, and paid against due (the money model's figures, decision 034).
import { getFragmentData, graphql, type FragmentType } from "../../gql/index.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";

export const AdminOrderOffersFragment = graphql(`
  fragment AdminOrderOffers on Order {
    total
    discount
    discountCode
    amountPaid
    amountDue
    items {
      id
      productName
      quantity
      addedAt
    }
  }
`);

export function AdminOrderOffers({ order }: { order: FragmentType<typeof AdminOrderOffersFragment> }) {
  const o = getFragmentData(AdminOrderOffersFragment, order);
  const added = o.items.filter((item) => item.addedAt);
  return (
    <div className="admin-muted" data-testid="order-offers">
      {Number(o.discount) > 0 && (
        <div>
          Discount {o.discountCode}: −{formatNaira(o.discount)}
        </div>
      )}
      {added.map((item) => (
        <div key={item.id}>
          Added {formatLagosTime(item.addedAt!)}: {item.productName} × {item.quantity}
        </div>
      ))}
      <div>
        Paid {formatNaira(o.amountPaid)} of {formatNaira(o.total)}
        {Number(o.amountDue) > 0 ? ` · ${formatNaira(o.amountDue)} due` : ""}
      </div>
    </div>
  );
}
