// /admin/new-order: the page around the "New order" form (features/sales/NewOrderForm.tsx), for
// staff and admins: an order taken in a DM or at the stall (decision 035).
import { Link } from "react-router-dom";
import { Icon } from "../../ui/Icon.tsx";
import { AdminGate } from "./AdminGate.tsx";
import { NewOrderForm } from "../sales/NewOrderForm.tsx";
import "../../personal-pages.css";

export function NewOrderPage() {
  return (
    <AdminGate title="New order">
      <section className="container admin new-order">
        <div className="admin__head">
          <Link to="/admin" className="icon-button" aria-label="Back to Admin Dashboard">
            <Icon name="back" />
          </Link>
          <h1>New order</h1>
        </div>
        <NewOrderForm />
      </section>
    </AdminGate>
  );
}
