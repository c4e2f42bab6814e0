import { Link } from "react-router-dom";
import { usePageMeta } from "../../lib/page-meta.ts";

export function NotFoundPage() {
  usePageMeta({ title: "Page not found", noIndex: true, status: 404 });
  return (
    <section className="container page-status not-found">
      <h1>Oops! Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
