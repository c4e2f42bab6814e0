// robots.txt and the sitemaps (decision 029). The sitemap is an index (sitemaps.org protocol) whose
// children are the shop's own pages and its product pages in chunks, so it stays within the
// protocol's 50,000 addresses per file as the catalogue grows. Addresses are absolute on PUBLIC_URL;
// `lastmod` comes from the data (a product's last change or its drop time), never from the clock.
import { PAGE_ROUTES, SERVER_RENDERED_PAGES } from "../../../../common/routes.ts";
import { MAIN_CATEGORIES } from "../../../../common/categories.ts";
import type { ShopPiece } from "./shop-pieces.ts";
import { xmlText } from "./xml.ts";

/** Product addresses per child sitemap (the protocol allows 50,000; smaller files are quicker to refetch). */
export const PRODUCTS_PER_SITEMAP = 10_000;
export const SITEMAP_PATH = "/sitemap.xml";
const CHILD_PREFIX = "/sitemaps/";

/** The first path of every page kept out of crawlers: the personal pages (cart, checkout, account,
 *  orders, sign-in, admin), i.e. every page the server does not render for everyone alike. */
function personalPagePrefixes(): string[] {
  const rendered = new Set<string>(SERVER_RENDERED_PAGES);
  return Object.entries(PAGE_ROUTES)
    .filter(([page]) => !rendered.has(page))
    .flatMap(([, patterns]) => patterns.map((pattern) => pattern.replace(/\/:.*$/, "")));
}

/** Machine addresses no crawler should spend time on; uploads' private parts (receipts, avatars). */
const PRIVATE_PATHS = ["/graphql", "/api/", "/metrics", "/uploads/receipts/", "/uploads/profiles/", "/drops/"];

export function robotsTxt(origin: string): string {
  const disallowed = [...new Set([...personalPagePrefixes(), ...PRIVATE_PATHS])];
  return [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    "",
  ].join("\n");
}

interface UrlEntry {
  path: string;
  lastmod: Date | null;
}

const urlset = (origin: string, entries: UrlEntry[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((e) => `<url><loc>${xmlText(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`)
    .join("\n")}\n</urlset>\n`;

const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

export interface Sitemaps {
  index: string;
  /** Child sitemaps by path (/sitemaps/pages.xml, /sitemaps/products-1.xml, …). */
  children: Map<string, string>;
}

export function sitemaps(origin: string, pieces: ShopPiece[], perFile = PRODUCTS_PER_SITEMAP): Sitemaps {
  const newest = latest(pieces.map((p) => p.changedAt));
  // The newest change per category slug, in one pass over the pieces.
  const newestBySlug = new Map<string, Date>();
  for (const p of pieces) {
    const slug = p.category?.slug;
    const known = slug ? newestBySlug.get(slug) : undefined;
    if (slug && (!known || p.changedAt > known)) newestBySlug.set(slug, p.changedAt);
  }
  const newestIn = (slugs: string[]) => latest(slugs.map((slug) => newestBySlug.get(slug) ?? null));
  const categories: UrlEntry[] = MAIN_CATEGORIES.flatMap((main) => {
    const subs = main.subcategories.map((sub) => ({ path: `/products?category=${encodeURIComponent(sub.slug)}`, lastmod: newestIn([sub.slug]) }));
    return [{ path: `/products?category=${encodeURIComponent(main.slug)}`, lastmod: newestIn([main.slug, ...main.subcategories.map((s) => s.slug)]) }, ...subs];
  });
  const staticPages = SERVER_RENDERED_PAGES.filter((page) => page !== "home" && page !== "products" && page !== "product").map((page) => ({
    path: PAGE_ROUTES[page][0] as string,
    lastmod: null,
  }));
  const pages = [{ path: "/", lastmod: newest }, { path: "/products", lastmod: newest }, ...categories, ...staticPages];

  const children = new Map<string, string>();
  const listed: { path: string; lastmod: Date | null }[] = [];
  const add = (path: string, body: string, lastmod: Date | null) => {
    children.set(path, body);
    listed.push({ path, lastmod });
  };
  add(`${CHILD_PREFIX}pages.xml`, urlset(origin, pages), newest);
  for (let start = 0, n = 1; start < pieces.length; start += perFile, n++) {
    const chunk = pieces.slice(start, start + perFile);
    add(
      `${CHILD_PREFIX}products-${n}.xml`,
      urlset(origin, chunk.map((p) => ({ path: `/products/${encodeURIComponent(p.slug)}`, lastmod: p.changedAt }))),
      latest(chunk.map((p) => p.changedAt)),
    );
  }
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${listed
    .map((s) => `<sitemap><loc>${xmlText(origin + s.path)}</loc>${s.lastmod ? `<lastmod>${s.lastmod.toISOString()}</lastmod>` : ""}</sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;
  return { index, children };
}
