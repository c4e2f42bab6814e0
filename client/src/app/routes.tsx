// The route table of SPEC §2. Home and the layout load with the first bundle; every other page is
// its own chunk, so a shopper downloads only what they open and admin code never ships to shoppers.
import { createBrowserRouter, Navigate, useParams, type RouteObject } from "react-router-dom";
import { Layout } from "./Layout.tsx";
import { HomePage } from "../features/home/HomePage.tsx";

function TrackOutRedirect() {
  const { orderId } = useParams();
  return <Navigate to={orderId ? `/track-order/${orderId}` : "/track-order"} replace />;
}

/** Lazily loaded routes (one chunk per module) whose module exports the page component by name. */
function pages<M>(load: () => Promise<M>, entries: [path: string, name: keyof M][]): RouteObject[] {
  return entries.map(([path, name]) => ({ path, lazy: async () => ({ Component: (await load())[name] as React.ComponentType }) }));
}

const catalog = () => import("../features/catalog/ProductListPage.tsx");
const product = () => import("../features/catalog/ProductPage.tsx");
const staticPages = () => import("../features/pages/StaticPages.tsx");
const cart = () => import("../features/cart/CartPage.tsx");
const checkout = () => import("../features/checkout/CheckoutPage.tsx");
const thankYou = () => import("../features/orders/ThankYouPage.tsx");
const tracker = () => import("../features/orders/TrackOrderPage.tsx");
const auth = () => import("../features/auth/AuthPage.tsx");
const account = () => import("../features/account/AccountPage.tsx");
const admin = () => import("../features/admin/AdminDashboardPage.tsx");
const adminSections = () => import("../features/admin/AdminSectionsPage.tsx");
const notFound = () => import("../features/pages/NotFoundPage.tsx");

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      ...pages(catalog, [["/products", "ProductListPage"]]),
      ...pages(product, [["/products/:slug", "ProductPage"]]),
      ...pages(cart, [["/cart", "CartPage"]]),
      ...pages(checkout, [["/checkout", "CheckoutPage"]]),
      ...pages(thankYou, [
        ["/thank-you/:id?", "ThankYouPage"],
        ["/thankyou/:id?", "ThankYouPage"],
      ]),
      ...pages(auth, [
        ["/auth", "AuthPage"],
        ["/user-auth", "AuthPage"],
      ]),
      ...pages(account, [["/account", "AccountPage"]]),
      ...pages(admin, [["/admin", "AdminDashboardPage"]]),
      ...pages(adminSections, [["/admin/sections", "AdminSectionsPage"]]),
      ...pages(tracker, [
        ["/track-order/:orderId?", "TrackOrderPage"],
        ["/trackout/:orderId?", "TrackOrderPage"],
        ["/trackorder/:orderId?", "TrackOrderPage"],
      ]),
      // Paths starting with /track-out redirect to /track-order/{orderId}.
      { path: "/track-out/:orderId?", element: <TrackOutRedirect /> },
      ...pages(staticPages, [
        ["/about", "AboutPage"],
        ["/contact", "ContactPage"],
        ["/privacy", "PrivacyPage"],
        ["/terms", "TermsPage"],
        ["/returns", "ReturnsPage"],
        ["/size-chart", "SizeChartPage"],
      ]),
      ...pages(notFound, [["*", "NotFoundPage"]]),
    ],
  },
];

export const router = createBrowserRouter(routes);
