// Words shown to shoppers for the order vocabulary (DESIGN §6.5).
export const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  awaiting_transfer: "Awaiting transfer",
  under_review: "Receipt under review",
  paid: "Paid",
  expired: "Expired (unpaid)",
};

export const DELIVERY_LABELS: Record<string, string> = {
  doorstep: "Doorstep delivery",
  park: "Motor park",
  pickup: "Store pickup",
};

export const PAYMENT_METHOD_LABELS: Record<string, string> = { bank_transfer: "Bank transfer" };

/** Status colours of the account list: delivered green, processing blue, anything else yellow. */
export function statusTone(status: string): "green" | "blue" | "yellow" {
  return status === "delivered" ? "green" : status === "processing" ? "blue" : "yellow";
}
