// Placeholder: replaced by the page's real implementation.
export function AdminDashboardPage() {
  return (
    <section className="container">
      <h1>Admin Dashboard</h1>
    </section>
  );
}
