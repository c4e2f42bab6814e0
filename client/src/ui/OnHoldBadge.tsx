// "On hold": sold out only because unpaid orders hold the last units; the item may come back if
// they are not paid in time. Product cards and the product page show it from Product.onHold.
export function OnHoldBadge({ onHold }: { onHold: boolean | null | undefined }) {
  if (!onHold) return null;
  return (
    <span className="on-hold-badge" title="Reserved by an unpaid order. It may come back if the order is not paid in time.">
      On hold
    </span>
  );
}
