// Placeholder: replaced by the page's real implementation.
export function ThankYouPage() {
  return (
    <section className="container">
      <h1>Thank you</h1>
    </section>
  );
}
