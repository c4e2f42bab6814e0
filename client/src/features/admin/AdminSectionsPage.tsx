// /admin/sections: Homepage Management — featured sections and customer reviews.
import { Link } from "react-router-dom";
import { Icon } from "../../ui/Icon.tsx";
import { AdminGate } from "./AdminGate.tsx";
import { SectionsManager } from "./SectionsManager.tsx";
import { ReviewsManager } from "./ReviewsManager.tsx";
import "../../personal-pages.css";

export function AdminSectionsPage() {
  return (
    <AdminGate adminOnly title="Homepage Management">
      <section className="container admin">
        <div className="admin__head">
          <Link to="/admin" className="icon-button" aria-label="Back to Admin Dashboard">
            <Icon name="back" />
          </Link>
          <h1>Homepage Management</h1>
        </div>
        <SectionsManager />
        <ReviewsManager />
      </section>
    </AdminGate>
  );
}
