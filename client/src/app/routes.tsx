// The route table of SPEC §2. Home and the layout load with the first bundle; every other page is
// its own chunk, so a shopper downloads only what they open and admin code never ships to shoppers.
import { createBrowserRouter, Navigate, useParams, type RouteObject } from "react-router-dom";
import { Layout } from "./Layout.tsx";
import { HomePage } from "../features/home/HomePage.tsx";

function TrackOutRedirect() {
  const { orderId } = useParams();
  return <Navigate to={orderId ? `/track-order/${orderId}` : "/track-order"} replace />;
}

/** A lazily loaded route whose module exports the page component by name. */
function page<M>(path: string, load: () => Promise<M>, name: keyof M): RouteObject {
  return { path, lazy: async () => ({ Component: (await load())[name] as React.ComponentType }) };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      page("/products", () => import("../features/catalog/ProductListPage.tsx"), "ProductListPage"),
      page("/products/:slug", () => import("../features/catalog/ProductPage.tsx"), "ProductPage"),
      { path: "/track-out/:orderId?", element: <TrackOutRedirect /> },
      page("*", () => import("../features/pages/NotFoundPage.tsx"), "NotFoundPage"),
    ],
  },
];

export const router = createBrowserRouter(routes);
