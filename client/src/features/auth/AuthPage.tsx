// Placeholder: replaced by the page's real implementation.
export function AuthPage() {
  return (
    <section className="container">
      <h1>Login</h1>
    </section>
  );
}
