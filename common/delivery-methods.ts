// How an order reaches the shopper, and the words shoppers read for each method (checkout, order
// pages, the GraphQL enum). Apart from order-status.ts so checkout loads only this.
export const DELIVERY_METHODS = ["doorstep", "park", "pickup"] as const;
export type DeliveryMethodName = (typeof DELIVERY_METHODS)[number];

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethodName, string> = {
  doorstep: "Doorstep delivery",
  park: "Motor park",
  pickup: "Store pickup",
};

/** The label of a method as the API sends it; an unknown value shows as sent. */
export function deliveryMethodLabel(method: string): string {
  return (DELIVERY_METHODS as readonly string[]).includes(method) ? DELIVERY_METHOD_LABELS[method as DeliveryMethodName] : method;
}
