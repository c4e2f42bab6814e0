// Placeholder: replaced by the page's real implementation.
export function AdminSectionsPage() {
  return (
    <section className="container">
      <h1>Homepage Management</h1>
    </section>
  );
}
