// Where each page module of the route table (routes.tsx) is in the client build's manifest
// (dist/client/.vite/manifest.json): the server renderer's answer to "which chunk does this page
// need", so the server can have it fetched beside the first bundle (server/src/http/page-chunks.ts).
// Imported by the server renderer only: the browser's bundle does not carry these paths. Each is
// checked against its import() in routes.tsx by server/src/http/page-chunks.test.ts.
import type { PageModuleName } from "./routes.tsx";

export const PAGE_MODULE_PATHS: Record<PageModuleName, string> = {
  home: "src/features/home/HomePage.tsx",
  catalog: "src/features/catalog/ProductListPage.tsx",
  product: "src/features/catalog/ProductPage.tsx",
  staticPages: "src/features/pages/StaticPages.tsx",
  sizeChart: "src/features/pages/SizeChartPage.tsx",
  cart: "src/features/cart/CartPage.tsx",
  checkout: "src/features/checkout/CheckoutPage.tsx",
  thankYou: "src/features/orders/ThankYouPage.tsx",
  tracker: "src/features/orders/TrackOrderPage.tsx",
  paymentReturn: "src/features/orders/PaymentReturnPage.tsx",
  pay: "src/features/orders/PayPage.tsx",
  auth: "src/features/auth/AuthPage.tsx",
  account: "src/features/account/AccountPage.tsx",
  saved: "src/features/saved/SavedPage.tsx",
  admin: "src/features/admin/AdminDashboardPage.tsx",
  adminSections: "src/features/admin/AdminSectionsPage.tsx",
  adminNewOrder: "src/features/admin/NewOrderPage.tsx",
  notFound: "src/features/pages/NotFoundPage.tsx",
};
