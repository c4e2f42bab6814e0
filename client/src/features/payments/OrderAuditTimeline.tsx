// Placeholder with the final props; the payments feature implements it (admin: per-order audit timeline).
export function OrderAuditTimeline(_props: { orderId: string }) {
  return null;
}
