// What the server sends for a personal page (cart, checkout, orders, sign-in, saved items, account):
// the store's shell, header, footer and contact links, with the page's heading. Its contents are the
// visitor's own (browser storage, session), so the browser renders them; this stands in until then
// (replaced, not hydrated: main.tsx) and is what a browser without JavaScript keeps. The tracker
// also shows the order's status history, public to anyone holding the reference.
import { Link, matchPath, useLocation } from "react-router-dom";
import { PAGE_ROUTES } from "../../../common/routes.ts";
import { usePageMeta } from "../lib/page-meta.ts";
import { storeSettings } from "../lib/store-settings.ts";
import { OrderStatusHistory } from "../features/orders/OrderStatusHistory.tsx";

const HEADINGS: [patterns: readonly string[], heading: string][] = [
  [PAGE_ROUTES.cart, "Shopping Cart"],
  [PAGE_ROUTES.checkout, "Checkout"],
  [PAGE_ROUTES.thankYou, "Thank you for your order"],
  [PAGE_ROUTES.tracker, "Track your order"],
  [PAGE_ROUTES.pay, "Pay for your order"],
  [PAGE_ROUTES.auth, "Login"],
  [PAGE_ROUTES.account, "My Account"],
  [PAGE_ROUTES.saved, "Saved items"],
];

export function ShellPage() {
  const { pathname } = useLocation();
  let reference: string | undefined;
  const [, heading] =
    HEADINGS.find(([patterns]) =>
      patterns.some((pattern) => {
        const match = matchPath(pattern, pathname);
        if (match && patterns === PAGE_ROUTES.tracker) reference = match.params.orderId;
        return match !== null;
      }),
    ) ?? HEADINGS[0]!;
  usePageMeta({ title: reference ? `Order ${reference}` : heading, noIndex: true });
  const phone = storeSettings.phone;
  return (
    <section className="container shell-page">
      <h1>{reference ? `Order ${reference}` : heading}</h1>
      {reference && <OrderStatusHistory reference={reference} />}
      <noscript>
        <p>
          {reference ? "Paying, sending a receipt and the order's full details need" : "This page needs"} JavaScript, which is turned off in this
          browser. Turn it on, or order and ask about orders by phone or WhatsApp{reference ? ` quoting ${reference}` : ""}:
        </p>
        <ul className="shell-page__contact">
          {phone && (
            <li>
              Call <a href={`tel:${phone.replace(/\s/g, "")}`}>{phone}</a>
            </li>
          )}
          {storeSettings.whatsapp && (
            <li>
              <a href={`https://wa.me/${storeSettings.whatsapp}`}>WhatsApp us</a>
            </li>
          )}
          <li>
            <Link to="/contact">All the ways to reach us</Link> · <Link to="/products">Browse the shop</Link>
          </li>
        </ul>
      </noscript>
    </section>
  );
}
