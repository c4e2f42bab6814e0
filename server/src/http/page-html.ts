// The HTML every client route starts from (index.html with the store settings). Product pages also
// get their own title, description, Open Graph tags and canonical link in the HTML itself, because
// link previews (WhatsApp, Facebook, X) run no JavaScript, and a preload of the product picture, so
// a phone starts fetching the page's largest image before the JavaScript has arrived.
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
// The client's own matcher, so the server reads PAGE_ROUTES exactly as the client's router does.
import { matchPath } from "react-router-dom";
import { PAGE_ROUTES } from "../../../common/routes.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { fullPageTitle, productMetaDescription, DEFAULT_DESCRIPTION, STORE_SETTINGS_ELEMENT_ID } from "../../../common/page-head.ts";
import { imageSources, PRODUCT_DETAIL_IMAGE } from "../../../common/images.ts";
import { productBySlug } from "../modules/catalog/product-slugs.ts";

/**
 * Injects the store settings so the first paint needs no extra request. A JSON data block, not a
 * script: the Content-Security-Policy allows no inline script, and a data block never runs.
 * "<" is escaped so no value can close the element early.
 */
export function renderIndexHtml(html: string, config: Config): string {
  const json = JSON.stringify(config.store).replace(/</g, "\\u003c");
  // A function replacement: "$&" or "$'" in a setting must stay literal text.
  return html.replace("<!--store-settings-->", () => `<script type="application/json" id="${STORE_SETTINGS_ELEMENT_ID}">${json}</script>`);
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image: string | null;
  type: "website" | "product";
  /** The picture the page shows first, fetched at high priority before the JavaScript runs. */
  preloadImage?: { href: string; srcSet?: string; sizes?: string };
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** index.html with the page's own head: replaces the default title and tags, adds the rest. */
export function withPageHead(html: string, head: PageHead): string {
  const text = escapeAttribute;
  const page = html
    .replace(/<title>[^<]*<\/title>/, `<title>${text(head.title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${text(head.description)}$2`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/, `$1${text(head.title)}$2`)
    .replace(/(<meta property="og:description" content=")[^"]*(")/, `$1${text(head.description)}$2`)
    .replace(/(<meta property="og:type" content=")[^"]*(")/, `$1${text(head.type)}$2`);
  const tags = [
    `<link rel="canonical" href="${text(head.url)}" />`,
    `<meta property="og:url" content="${text(head.url)}" />`,
    head.image ? `<meta property="og:image" content="${text(head.image)}" />` : "",
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
    head.preloadImage
      ? `<link rel="preload" as="image" href="${text(head.preloadImage.href)}"${
          head.preloadImage.srcSet ? ` imagesrcset="${text(head.preloadImage.srcSet)}" imagesizes="${text(head.preloadImage.sizes ?? "")}"` : ""
        } fetchpriority="high" />`
      : "",
  ].filter(Boolean);
  return page.replace("</head>", `    ${tags.join("\n    ")}\n  </head>`);
}

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;

const PAGE_PATTERNS: readonly string[] = Object.values(PAGE_ROUTES).flat();

/** Whether the client has a page at this path (anything else shows its 404 page). */
export function isPagePath(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The head of a product page, or null when there is no such product. Absolute URLs use PUBLIC_URL
 *  (as emails do), not the request's Host header, which a client can set to anything. */
export async function productPageHead(prisma: Db, config: Config, slug: string): Promise<PageHead | null> {
  const siteOrigin = config.publicUrl;
  const product = await prisma.product.findUnique({ where: { slug }, select: { name: true, description: true, imageUrl: true } });
  if (!product) return null;
  const picture = product.imageUrl ? imageSources(product.imageUrl, PRODUCT_DETAIL_IMAGE.width) : null;
  return {
    title: fullPageTitle(product.name, config.store.name),
    description: productMetaDescription(product.description) ?? DEFAULT_DESCRIPTION,
    url: `${siteOrigin}/products/${encodeURIComponent(slug)}`,
    image: product.imageUrl ? new URL(product.imageUrl, siteOrigin).toString() : null,
    type: "product",
    preloadImage: picture ? { href: picture.src, srcSet: picture.srcSet, sizes: picture.srcSet ? PRODUCT_DETAIL_IMAGE.sizes : undefined } : undefined,
  };
}

/** GET handler for every client route. Unknown paths and unknown product slugs answer 404 with the
 *  same page, which shows "not found" once it runs, so crawlers and link checkers see the truth; a
 *  slug a product had before a rename answers 301 to its current address (links shared before the
 *  rename keep working, and search engines move to the new address). */
export function pageHandler(config: Config, prisma: Db): RequestHandler {
  const indexHtml = path.join(config.clientDir, "index.html");
  let shell: string | null = null;
  return async (req, res, next) => {
    if (!shell) {
      if (!fs.existsSync(indexHtml)) {
        res.status(503).type("text").send("The client is not built. Run `npm run build`.");
        return;
      }
      shell = renderIndexHtml(fs.readFileSync(indexHtml, "utf8"), config);
    }
    res.setHeader("Cache-Control", "no-cache");
    const encoded = PRODUCT_PATH.exec(req.path)?.[1];
    if (!encoded) {
      res.status(isPagePath(req.path) ? 200 : 404).type("html").send(shell);
      return;
    }
    try {
      // Express has already refused (400) an address whose escapes do not decode.
      const slug = decodeURIComponent(encoded);
      const head = await productPageHead(prisma, config, slug);
      if (head) {
        res.type("html").send(withPageHead(shell, head));
        return;
      }
      const renamed = await productBySlug(prisma, slug);
      if (renamed) {
        const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
        res.redirect(301, `/products/${encodeURIComponent(renamed.slug)}${query}`);
        return;
      }
      res.status(404).type("html").send(shell);
    } catch (error) {
      next(error);
    }
  };
}
