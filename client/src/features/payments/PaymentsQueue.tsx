// Placeholder; the payments feature implements the admin payments queue (mounted as an admin tab).
export function PaymentsQueue() {
  return <p>No payments to review.</p>;
}
