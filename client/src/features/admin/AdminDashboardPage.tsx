// /admin: the Admin Dashboard with tabs for products, orders, claims, users, reviews, payments,
// delivery fees, discount codes, emails and messages (WhatsApp and SMS).
// Staff see the tabs of the day's work only, and no figures or CSV tools (decision 038).
import { lazy, Suspense, type KeyboardEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { PaymentsQueue } from "./PaymentsQueue.tsx";
import { AdminGate } from "./AdminGate.tsx";
import { useIsAdmin } from "../../lib/viewer.ts";
import { ProductsTab } from "./ProductsTab.tsx";
import { OrdersTab } from "./OrdersTab.tsx";
import { UsersTab } from "./UsersTab.tsx";
import { ReviewsManager } from "./ReviewsManager.tsx";
import { EmailsTab } from "./EmailsTab.tsx";
import { MessagesTab } from "../messages/MessagesTab.tsx";
import { DeliveryTab } from "./DeliveryTab.tsx";
import { DiscountCodesTab } from "../offers/DiscountCodesTab.tsx";
import { OwnerFigures, useOwnerFigures } from "./OwnerFigures.tsx";
import { CsvTools } from "./CsvTools.tsx";
import "../../personal-pages.css";

// Its own chunk: the entry's list of the dashboard's files stays as it was (shopper bundle budget).
const ClaimsTab = lazy(() => import("../claims/ClaimsTab.tsx").then((module) => ({ default: module.ClaimsTab })));

const AdminCountsQuery = graphql(`
  query AdminDashboardCounts {
    adminStats {
      products
      orders
      users
      reviews
      failedEmails
    }
    paymentCounts {
      underReview
    }
  }
`);

const StaffCountsQuery = graphql(`
  query StaffDashboardCounts {
    paymentCounts {
      underReview
    }
  }
`);

type Tab = "products" | "orders" | "claims" | "users" | "reviews" | "payments" | "delivery" | "codes" | "emails" | "messages";
const ALL_TABS: Tab[] = ["products", "orders", "claims", "users", "reviews", "payments", "delivery", "codes", "emails", "messages"];
const STAFF_TABS: Tab[] = ["products", "orders", "claims", "reviews", "payments"];

interface TabCount {
  /** In the badge: short, so it fits the tab's corner. */
  shown: string;
  /** Read out after the tab's name, e.g. "3 to review". */
  said: string;
  alert?: boolean;
}

function tabCount(count: number, words?: string, alert = false): TabCount {
  return { shown: count < 1000 ? String(count) : `${Math.floor(count / 1000)}k+`, said: words ? `${count} ${words}` : String(count), alert };
}

function Dashboard() {
  const isAdmin = useIsAdmin();
  const TABS = isAdmin ? ALL_TABS : STAFF_TABS;
  const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
  // The chosen tab lives in the address (/admin?tab=orders), so reload, Back and a shared link keep it.
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "products";
  const setTab = (next: Tab) => {
    if (next !== tab) setParams({ tab: next });
  };
  const admin = useQuery(AdminCountsQuery, { fetchPolicy: "cache-and-network", skip: !isAdmin });
  const staff = useQuery(StaffCountsQuery, { fetchPolicy: "cache-and-network", skip: isAdmin });
  const data = isAdmin ? admin.data : staff.data;
  const figures = useOwnerFigures(!isAdmin);
  // The figures stand above the tabs and arrive about a screen tall: until they are in, what follows
  // them is mounted (the tab's own query starts at once) but hidden, so "Add Product" never jumps a
  // screen down under a finger (the tap would land on the figures).
  const figuresArriving = isAdmin && !figures.data && !figures.error;
  const stats = admin.data?.adminStats;
  const names: Record<Tab, string> = {
    products: "Products",
    orders: "Orders",
    claims: "Claims",
    users: "Users",
    reviews: "Reviews",
    payments: "Payments",
    delivery: "Delivery",
    codes: "Codes",
    emails: "Emails",
    messages: "Messages",
  };
  // Counts arrive after the page: shown in a badge that takes no room, so the tabs never move under a
  // finger (a press and release on different tabs is no tap). The words are for screen readers.
  const counts: Partial<Record<Tab, TabCount>> = {
    ...(stats ? { orders: tabCount(stats.orders), users: tabCount(stats.users), reviews: tabCount(stats.reviews) } : {}),
    ...(data?.paymentCounts ? { payments: tabCount(data.paymentCounts.underReview, "to review") } : {}),
    ...(stats?.failedEmails ? { emails: tabCount(stats.failedEmails, "failed", true) } : {}),
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    document.getElementById(`admin-tab-${next}`)?.focus();
  }

  return (
    <section className="container admin">
      <div className="admin__head">
        <h1>Admin Dashboard</h1>
        {isAdmin ? (
          <Link to="/admin/sections" className="button button--small button--gold">
            Manage Homepage
          </Link>
        ) : null}
      </div>
      {isAdmin ? <OwnerFigures query={figures} /> : null}
      <div hidden={figuresArriving}>
        {isAdmin ? <CsvTools /> : null}
        <div className="admin-tabs" role="tablist" aria-label="Admin sections" onKeyDown={onKeyDown}>
          {TABS.map((name) => (
            <button
              key={name}
              id={`admin-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`admin-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className="admin-tabs__tab"
              onClick={() => setTab(name)}
            >
              {names[name]}
              {counts[name] ? (
                <>
                  <span className={`admin-tabs__count${counts[name].alert ? " admin-tabs__count--alert" : ""}`} aria-hidden="true">
                    {counts[name].shown}
                  </span>
                  <span className="visually-hidden"> ({counts[name].said})</span>
                </>
              ) : null}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
          {tab === "products" ? <ProductsTab /> : null}
          {tab === "orders" ? <OrdersTab /> : null}
          {tab === "claims" ? (
            <Suspense fallback={<p className="page-status">Loading claims...</p>}>
              <ClaimsTab />
            </Suspense>
          ) : null}
          {tab === "users" ? <UsersTab /> : null}
          {tab === "reviews" ? <ReviewsManager /> : null}
          {tab === "payments" ? <PaymentsQueue /> : null}
          {tab === "delivery" ? <DeliveryTab /> : null}
          {tab === "codes" ? <DiscountCodesTab /> : null}
          {tab === "emails" ? <EmailsTab /> : null}
          {tab === "messages" ? <MessagesTab /> : null}
        </div>
      </div>
    </section>
  );
}

export function AdminDashboardPage() {
  return (
    <AdminGate title="Admin Dashboard">
      <Dashboard />
    </AdminGate>
  );
}
