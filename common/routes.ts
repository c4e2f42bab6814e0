// The addresses of the shop's pages (SPEC §2), in react-router's pattern syntax. One list for both
// sides: the client builds its route table from it and the server answers 404 for any other path
// (the 404 page itself is the client's catch-all route).
export const PAGE_ROUTES = {
  home: ["/"],
  products: ["/products"],
  product: ["/products/:slug"],
  cart: ["/cart"],
  checkout: ["/checkout"],
  thankYou: ["/thank-you/:id?", "/thankyou/:id?"],
  auth: ["/auth", "/user-auth"],
  account: ["/account"],
  saved: ["/saved"],
  admin: ["/admin"],
  adminSections: ["/admin/sections"],
  tracker: ["/track-order/:orderId?", "/trackout/:orderId?", "/trackorder/:orderId?"],
  /** Where Paystack's checkout sends the shopper back (?reference=…&trxref=…), decision 027. */
  paymentReturn: ["/payment/return"],
  /** The payment link of an unpaid order (Order.paymentLink, decision 035): public, no sign-in. */
  pay: ["/pay/:reference"],
  adminNewOrder: ["/admin/new-order"],
  /** Redirects to /track-order/{orderId}. */
  trackOut: ["/track-out/:orderId?"],
  about: ["/about"],
  contact: ["/contact"],
  privacy: ["/privacy"],
  terms: ["/terms"],
  returns: ["/returns"],
  sizeChart: ["/size-chart"],
} as const satisfies Record<string, readonly string[]>;

/**
 * Pages the server renders to HTML (docs/decisions/019-server-rendering.md): the browsing pages,
 * whose content is the same for every visitor. Cart, checkout, orders, account, sign-in and admin
 * are personal and stay client-rendered; unknown paths render the 404 page.
 */
/**
 * Personal pages the server still sends in the store's shell (header, footer, contact links, the
 * page's heading; the tracker's public status history) for a browser without JavaScript; the
 * browser renders their contents (client/src/app/ShellPage.tsx).
 */
export const SHELL_RENDERED_PAGES = ["cart", "checkout", "thankYou", "tracker", "pay", "auth", "account", "saved"] as const satisfies readonly (keyof typeof PAGE_ROUTES)[];

export const SERVER_RENDERED_PAGES = ["home", "products", "product", "about", "contact", "privacy", "terms", "returns", "sizeChart"] as const satisfies readonly (keyof typeof PAGE_ROUTES)[];

/** An order's payment page, the address Order.paymentLink gives (with PUBLIC_URL before it). */
export function payPagePath(shortOrderId: string): string {
  return `/pay/${encodeURIComponent(shortOrderId)}`;
}
