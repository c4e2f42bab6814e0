// Placeholder: replaced by the page's real implementation.
export function AccountPage() {
  return (
    <section className="container">
      <h1>My Account</h1>
    </section>
  );
}
