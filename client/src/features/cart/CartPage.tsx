// Placeholder: replaced by the page's real implementation.
export function CartPage() {
  return (
    <section className="container">
      <h1>Cart</h1>
    </section>
  );
}
