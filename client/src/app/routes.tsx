// The route table of SPEC §2. The layout loads with the first bundle; every page, home included, is
// its own chunk, so a shopper downloads only what they open and admin code never ships to shoppers.
// (Home used to be in the first bundle to save a round trip before its first paint; the server now
// paints it, decision 019, so every other route stops paying for it.)
//
// Declarative routing (<BrowserRouter> + useRoutes) rather than createBrowserRouter: no page uses
// loaders, actions or fetchers, and the data router costs about 15 KB gzip on every page (DESIGN §7
// budget). What the data router's `lazy` gave us is kept: the page for the URL a shopper opens is
// fetched before the first render (preloadRoute), and later navigations run in a transition, so
// the current page stays on screen until the next page's chunk has arrived.
import type { ComponentType } from "react";
import { matchRoutes, Navigate, useParams, useRoutes, type RouteObject } from "react-router-dom";
import { Layout } from "./Layout.tsx";
import { PAGE_ROUTES } from "../../../common/routes.ts";

function TrackOutRedirect() {
  const { orderId } = useParams();
  return <Navigate to={orderId ? `/track-order/${orderId}` : "/track-order"} replace />;
}

interface LazyPage {
  (): React.ReactNode;
  preload(): Promise<unknown>;
}

/**
 * A page component loaded from its own chunk. Once loaded it renders synchronously; before that it
 * suspends (inside a navigation transition, so the previous page stays visible meanwhile).
 */
function lazyPage<M>(load: () => Promise<M>, name: keyof M): LazyPage {
  let Page: ComponentType | undefined;
  let loading: Promise<unknown> | undefined;
  let failure: { error: unknown } | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Page = module[name] as ComponentType;
      },
      (error: unknown) => {
        loading = undefined; // the next visit retries (e.g. after a network blip)
        failure = { error };
        throw error;
      },
    ));
  function LoadedPage() {
    if (failure) {
      const { error } = failure;
      failure = undefined;
      throw error; // shown by the layout's error boundary
    }
    if (!Page) throw preload().catch(() => undefined); // suspends; React renders again once settled
    return <Page />;
  }
  return Object.assign(LoadedPage, { preload });
}

/**
 * Every page module, each its own chunk. The server renderer reports which one a page showed, by
 * name, and the server has its loader fetch that chunk beside the first bundle (page-module-paths.ts,
 * server/src/http/page-chunks.ts).
 */
const pageModules = {
  home: () => import("../features/home/HomePage.tsx"),
  catalog: () => import("../features/catalog/ProductListPage.tsx"),
  product: () => import("../features/catalog/ProductPage.tsx"),
  staticPages: () => import("../features/pages/StaticPages.tsx"),
  sizeChart: () => import("../features/pages/SizeChartPage.tsx"),
  cart: () => import("../features/cart/CartPage.tsx"),
  checkout: () => import("../features/checkout/CheckoutPage.tsx"),
  thankYou: () => import("../features/orders/ThankYouPage.tsx"),
  tracker: () => import("../features/orders/TrackOrderPage.tsx"),
  paymentReturn: () => import("../features/orders/PaymentReturnPage.tsx"),
  pay: () => import("../features/orders/PayPage.tsx"),
  auth: () => import("../features/auth/AuthPage.tsx"),
  account: () => import("../features/account/AccountPage.tsx"),
  saved: () => import("../features/saved/SavedPage.tsx"),
  admin: () => import("../features/admin/AdminDashboardPage.tsx"),
  adminSections: () => import("../features/admin/AdminSectionsPage.tsx"),
  adminNewOrder: () => import("../features/admin/NewOrderPage.tsx"),
  notFound: () => import("../features/pages/NotFoundPage.tsx"),
};
export type PageModuleName = keyof typeof pageModules;
type ExportsOf<N extends PageModuleName> = Awaited<ReturnType<(typeof pageModules)[N]>>;

interface RouteHandle {
  page: LazyPage;
  module: PageModuleName;
}

/** One route per path; each page module export is one lazily loaded component, whatever its paths. */
function pages<N extends PageModuleName>(module: N, entries: [paths: readonly string[], name: keyof ExportsOf<N>][]): RouteObject[] {
  const components = new Map<keyof ExportsOf<N>, LazyPage>();
  return entries.flatMap(([paths, name]) => {
    if (!components.has(name)) components.set(name, lazyPage(pageModules[module] as () => Promise<ExportsOf<N>>, name));
    const Page = components.get(name)!;
    return paths.map((path) => ({ path, element: <Page />, handle: { page: Page, module } satisfies RouteHandle }));
  });
}

const R = PAGE_ROUTES;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...pages("home", [[R.home, "HomePage"]]),
      ...pages("catalog", [[R.products, "ProductListPage"]]),
      ...pages("product", [[R.product, "ProductPage"]]),
      ...pages("cart", [[R.cart, "CartPage"]]),
      ...pages("checkout", [[R.checkout, "CheckoutPage"]]),
      ...pages("thankYou", [[R.thankYou, "ThankYouPage"]]),
      ...pages("auth", [[R.auth, "AuthPage"]]),
      ...pages("account", [[R.account, "AccountPage"]]),
      ...pages("saved", [[R.saved, "SavedPage"]]),
      ...pages("admin", [[R.admin, "AdminDashboardPage"]]),
      ...pages("adminSections", [[R.adminSections, "AdminSectionsPage"]]),
      ...pages("adminNewOrder", [[R.adminNewOrder, "NewOrderPage"]]),
      ...pages("tracker", [[R.tracker, "TrackOrderPage"]]),
      ...pages("paymentReturn", [[R.paymentReturn, "PaymentReturnPage"]]),
      ...pages("pay", [[R.pay, "PayPage"]]),
      ...R.trackOut.map((path) => ({ path, element: <TrackOutRedirect /> })),
      ...pages("staticPages", [
        [R.about, "AboutPage"],
        [R.contact, "ContactPage"],
        [R.privacy, "PrivacyPage"],
        [R.terms, "TermsPage"],
        [R.returns, "ReturnsPage"],
      ]),
      ...pages("sizeChart", [[R.sizeChart, "SizeChartPage"]]),
      // Any other address: the 404 page (the server answers those with status 404).
      ...pages("notFound", [[["*"], "NotFoundPage"]]),
    ],
  },
];

const handleOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.handle as RouteHandle | undefined;

/** Fetches the page chunk for a URL. A failed load is left for the page to report when it renders. */
export async function preloadRoute(pathname: string): Promise<void> {
  await handleOf(pathname)?.page.preload().catch(() => undefined);
}

/** The page module a URL shows (null for a redirect-only route). */
export function pageModuleOf(pathname: string): PageModuleName | null {
  return handleOf(pathname)?.module ?? null;
}

/** The pages, inside <BrowserRouter> in the browser (main.tsx) or <StaticRouter> on the server
 *  (entry-server.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
