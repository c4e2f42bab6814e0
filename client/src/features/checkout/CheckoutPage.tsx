// Placeholder: replaced by the page's real implementation.
export function CheckoutPage() {
  return (
    <section className="container">
      <h1>Checkout</h1>
    </section>
  );
}
