// Placeholder: replaced by the page's real implementation.
export function TrackOrderPage() {
  return (
    <section className="container">
      <h1>Track your order</h1>
    </section>
  );
}
