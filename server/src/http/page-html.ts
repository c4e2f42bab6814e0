// The HTML of every page. The browsing pages (home, listings, product pages, static pages, 404) are
// rendered on the server (http/server-render.ts, decision 019): readable before and without
// JavaScript, with their own title, description, Open Graph tags and canonical link (link previews
// run no JavaScript) and, on product pages, a preload of the picture. Personal pages (cart,
// checkout, orders, account, admin) get index.html with the store settings and render in the browser.
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
// The client's own matcher, so the server reads PAGE_ROUTES exactly as the client's router does.
import { matchPath } from "react-router-dom";
import type { Config } from "../config.ts";
import { PAGE_ROUTES, SERVER_RENDERED_PAGES, SHELL_RENDERED_PAGES } from "../../../common/routes.ts";
import { fullPageTitle, DEFAULT_DESCRIPTION, STORE_SETTINGS_ELEMENT_ID, APOLLO_STATE_ELEMENT_ID, jsonForDataBlock } from "../../../common/page-head.ts";
import type { PageRenderer, ServerRender } from "./server-render.ts";
import { RENDER_AGAIN_AFTER_MS, STALE_PAGE_MS, type PageCache, type RenderedPage } from "../cache/page-cache.ts";
import { wroteJustNow } from "../auth/cookies.ts";
import { answerChoice, answerIsStockOrdered } from "../cache/response-cache.ts";
import { sendUnavailable } from "./unavailable.ts";
import { inlineStylesheetOf, withInlineStylesheet } from "./inline-stylesheet.ts";
import { pageChunksOf, type PageChunks } from "./page-chunks.ts";
import { readClientManifest, type ClientManifest } from "./client-manifest.ts";
import { logger } from "../logger.ts";
import { SAVE_DATA_ATTRIBUTE, asksToSaveData } from "../../../common/images.ts";
import { SIGNED_IN_MARK_SCRIPT } from "../../../common/signed-in.ts";
import { PREVIEW_SIZE, STORE_PREVIEW_PATH } from "../../../common/preview-image.ts";
import { offeredPaymentMethods } from "../modules/payments/providers/select.ts";

/**
 * Injects the store settings so the first paint needs no extra request. A JSON data block, not a
 * script: the Content-Security-Policy allows no inline script but the signed-in mark (by its hash,
 * security-headers.ts), and a data block never runs. "<" is escaped so no value can close the
 * element early.
 */
export function renderIndexHtml(html: string, config: Config): string {
  const json = jsonForDataBlock({ ...config.store, publicUrl: config.publicUrl, paymentMethods: offeredPaymentMethods(config), orderUpdates: Boolean(config.whatsapp || config.termii) });
  // A function replacement: "$&" or "$'" in a setting must stay literal text.
  return html.replace(
    "<!--store-settings-->",
    () => `<script>${SIGNED_IN_MARK_SCRIPT}</script><script type="application/json" id="${STORE_SETTINGS_ELEMENT_ID}">${json}</script>`,
  );
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URLs; no canonical link for pages that should not be indexed (not found). */
  url: string | null;
  noIndex?: boolean;
  image: string | null;
  /** The picture's size when known (our own previews), so apps lay out the preview before fetching it. */
  imageSize?: { width: number; height: number };
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
    head.url ? `<link rel="canonical" href="${text(head.url)}" />` : "",
    head.url ? `<meta property="og:url" content="${text(head.url)}" />` : "",
    head.noIndex ? `<meta name="robots" content="noindex" />` : "",
    head.image ? `<meta property="og:image" content="${text(head.image)}" />` : "",
    head.image && head.imageSize ? `<meta property="og:image:width" content="${head.imageSize.width}" />` : "",
    head.image && head.imageSize ? `<meta property="og:image:height" content="${head.imageSize.height}" />` : "",
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
    head.preloadImage
      ? `<link rel="preload" as="image" href="${text(head.preloadImage.href)}"${
          head.preloadImage.srcSet ? ` imagesrcset="${text(head.preloadImage.srcSet)}" imagesizes="${text(head.preloadImage.sizes ?? "")}"` : ""
        } fetchpriority="high" />`
      : "",
  ].filter(Boolean);
  return page.replace("</head>", `    ${tags.join("\n    ")}\n  </head>`);
}

const PAGE_PATTERNS: readonly string[] = Object.values(PAGE_ROUTES).flat();
const SERVER_RENDERED_PATTERNS: readonly string[] = SERVER_RENDERED_PAGES.flatMap((page) => PAGE_ROUTES[page]);

const SHELL_RENDERED_PATTERNS: readonly string[] = SHELL_RENDERED_PAGES.flatMap((page) => PAGE_ROUTES[page]);

/** fn's answers by path, kept: react-router's matchPath compiles its pattern on every call (1.5% of
 *  the server's CPU in a drop night's reads). At most `max` paths; all forgotten when full, so
 *  made-up paths cost memory only until then. */
function byPath(fn: (pathname: string) => boolean, max = 5_000): (pathname: string) => boolean {
  const known = new Map<string, boolean>();
  return (pathname) => {
    let answer = known.get(pathname);
    if (answer === undefined) {
      if (known.size >= max) known.clear();
      answer = fn(pathname);
      known.set(pathname, answer);
    }
    return answer;
  };
}

/** Whether this is a personal page the server sends as its shell (header, footer, heading). */
export const isShellRenderedPath = byPath((pathname) => SHELL_RENDERED_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null));

/** Whether the client has a page at this path (anything else shows its 404 page). */
export function isPagePath(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Whether the server renders this path: the browsing pages and unknown paths (the 404 page). */
export const isServerRenderedPath = byPath(
  (pathname) => SERVER_RENDERED_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null) || !isPagePath(pathname),
);

/** The head a rendered page described (usePageMeta). Absolute URLs use PUBLIC_URL (as emails do),
 *  not the request's Host header, which a client can set to anything. Every page has a picture for
 *  link previews: its own (a product's preview), or the shop's (decision 029). */
export function renderedPageHead(rendered: ServerRender, config: Config, pathname: string): PageHead {
  const meta = rendered.meta;
  const origin = config.publicUrl;
  const picture = meta?.image || STORE_PREVIEW_PATH;
  const image = new URL(picture, origin).toString();
  const imageSize = picture.startsWith("/previews/") ? { ...PREVIEW_SIZE } : undefined;
  if (!meta) return { title: config.store.name, description: DEFAULT_DESCRIPTION, url: `${origin}${pathname}`, image, imageSize, type: "website" };
  return {
    title: fullPageTitle(meta.title, config.store.name),
    description: meta.description || DEFAULT_DESCRIPTION,
    url: meta.noIndex ? null : new URL(meta.canonicalPath ?? pathname, origin).toString(),
    noIndex: meta.noIndex,
    image,
    imageSize,
    type: meta.type ?? "website",
    preloadImage: meta.preloadImage,
  };
}

/** The file of the client build's page loader (client/src/start.ts), from its Vite manifest;
 *  null for a build without it (the page then starts its scripts as index.html does). */
export function startScriptOf(manifest: ClientManifest | null): string | null {
  const file = manifest?.["src/start.ts"]?.file;
  return file ? `/${file}` : null;
}

/**
 * The page reads without its JavaScript, so its scripts wait until the first screen has painted
 * (decision 022): the only script tag left is the small loader, which is told the entry and the
 * modules to preload beside it. On a slow phone connection the HTML, the stylesheet and the first
 * pictures then get all the bandwidth.
 */
export function scriptsAfterPaint(html: string, startScript: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
  const loader = `<script type="module" src="${escapeAttribute(startScript)}" data-entry="${escapeAttribute(entry)}" data-preload="${escapeAttribute(preloads.join(" "))}"></script>`;
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, "")
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => loader);
}

/**
 * The first paint of a server-rendered page waits until its markup has been parsed, up to the data
 * block after it (`<link rel="expect" blocking="render">`, Chromium 124 on). A browser paints a page
 * that is only partly parsed when its parser yields or the network pauses, and the rest of the markup
 * then moves what was painted: the header's heart and cart slid left when the Login link after them
 * arrived (Lighthouse's CLS 0.001 on /products, 27 Nov 2026), the content moved down when its
 * heading's margin arrived. Not the content element itself: Chromium lets the paint go as soon as
 * the named element is inserted, before its children are parsed. The HTML comes in TCP's first
 * round trip (decision 022), so the wait is parsing alone.
 */
export function firstPaintWhole(html: string): string {
  return html.replace("</head>", () => `  <link rel="expect" href="#${APOLLO_STATE_ELEMENT_ID}" blocking="render" />\n  </head>`);
}

/** Adds the page's own chunks to what its loader fetches beside the first bundle (page-chunks.ts). */
export function withPageChunks(html: string, files: string[]): string {
  if (!files.length) return html;
  return html.replace(/ data-preload="([^"]*)"/, (_, list: string) => ` data-preload="${escapeAttribute([list, ...files].filter(Boolean).join(" "))}"`);
}

/** Browsers and CDNs revalidate every page (ETag): a sale shows on the next load. */
const PAGE_CACHE_CONTROL = "no-cache";
/** The headers a kept page is sent with (the rest are set per request before it). */
const PAGE_HEADERS: [string, string][] = [
  ["content-type", "text/html; charset=utf-8"],
  ["cache-control", PAGE_CACHE_CONTROL],
  ["vary", "Save-Data, Accept-Encoding"],
];

/** The products a rendered page shows (its Apollo cache holds each as `Product:<id>`): new stock
 *  values for any of them make the kept page stale (cache/page-cache.ts). */
function productsShown(rendered: ServerRender): string[] {
  return Object.keys(rendered.state).flatMap((key) => (key.startsWith("Product:") ? [key.slice("Product:".length)] : []));
}

/** index.html with the rendered page inside the root element and its Apollo cache beside it. */
function withRenderedPage(html: string, rendered: ServerRender): string {
  const block = `<script type="application/json" id="${APOLLO_STATE_ELEMENT_ID}">${jsonForDataBlock(rendered.state)}</script>`;
  // A function replacement: "$&" in product text must stay literal.
  return html.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${block}`);
}

/** A personal page's shell inside the root element, marked so the browser renders the page in its
 *  place rather than hydrating it (client/src/main.tsx); no Apollo cache: nothing is to be kept. */
function withShellPage(html: string, rendered: ServerRender): string {
  return html.replace('<div id="root"></div>', () => `<div id="root" data-shell="">${rendered.html}</div>`);
}

/** GET handler for every page. Unknown paths and unknown product slugs answer 404 with the
 *  rendered "not found" page, so crawlers and link checkers see the truth; a slug a product had
 *  before a rename answers 301 to its current address (links shared before the rename keep
 *  working, and search engines move to the new address). */
export function pageHandler(config: Config, renderer: PageRenderer, cache: PageCache): RequestHandler {
  const indexHtml = path.join(config.clientDir, "index.html");
  let shell: string | null = null;
  // The shell of a server-rendered page: the same, with its scripts started after the first paint.
  let renderedShell: string | null = null;
  let pageChunks: PageChunks = () => [];
  return async (req, res, next) => {
    if (!shell || !renderedShell) {
      if (!fs.existsSync(indexHtml) || !renderer.available()) {
        res.status(503).type("text").send("The client is not built. Run `npm run build`.");
        return;
      }
      shell = renderIndexHtml(fs.readFileSync(indexHtml, "utf8"), config);
      const manifest = readClientManifest(config.clientDir);
      const startScript = startScriptOf(manifest);
      pageChunks = pageChunksOf(manifest);
      const stylesheet = inlineStylesheetOf(config.clientDir);
      renderedShell = startScript ? scriptsAfterPaint(shell, startScript) : shell;
      if (stylesheet) renderedShell = withInlineStylesheet(renderedShell, stylesheet);
      renderedShell = firstPaintWhole(renderedShell);
    }
    res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
    // A page asked with Save-Data is marked so, and rendered with smaller pictures (common/images.ts).
    res.vary("Save-Data");
    const saveData = asksToSaveData(req.get("save-data"));
    const marked = (html: string) => (saveData ? html.replace(/<html\b/, `<html ${SAVE_DATA_ATTRIBUTE}="on"`) : html);
    if (isShellRenderedPath(req.path)) {
      // Personal: never kept in the page cache (the tracker's history changes without the catalogue).
      try {
        const rendered = await renderer.render(req.originalUrl, req, res, { shell: true });
        if (rendered.errors.length || rendered.redirect) {
          res.status(200).type("html").send(marked(shell));
          return;
        }
        const head = renderedPageHead(rendered, config, req.path);
        // Its scripts start at once (the page is the browser's to draw), with the linked stylesheet.
        res.status(200).type("html").send(marked(withShellPage(withPageHead(shell, head), rendered)));
      } catch (error) {
        next(error);
      }
      return;
    }
    if (!isServerRenderedPath(req.path)) {
      res.status(200).type("html").send(marked(shell));
      return;
    }
    const cacheKey = saveData ? `save-data ${req.originalUrl}` : req.originalUrl;
    try {
      // What to send when the render gives no page to keep (unavailable, failed, a redirect).
      let otherwise: (() => void) | null = null;
      const render = async (): Promise<RenderedPage | null> => {
        const rendered = await renderer.render(req.originalUrl, req, res);
        if (rendered.errors.some((error) => error.extensions?.code === "UNAVAILABLE")) {
          otherwise = () => sendUnavailable(req, res);
          return null;
        }
        if (rendered.errors.length) {
          // The page would show its error state: send the plain page instead, whose script asks again.
          logger.warn(`Server render of ${req.path} failed; sending the client-rendered page`, { errors: rendered.errors.map((e) => e.message) });
          otherwise = () => res.status(isPagePath(req.path) ? 200 : 404).type("html").send(marked(shell!));
          return null;
        }
        if (rendered.redirect) {
          const to = rendered.redirect;
          otherwise = () => res.redirect(301, to);
          return null;
        }
        return {
          status: rendered.meta?.status ?? 200,
          html: marked(withRenderedPage(withPageChunks(withPageHead(renderedShell!, renderedPageHead(rendered, config, req.path)), pageChunks(rendered.pageModule)), rendered)),
          products: productsShown(rendered),
          stockOrdered: answerIsStockOrdered(req),
          choice: answerChoice(req),
          headers: PAGE_HEADERS,
        };
      };
      const version = cache.version();
      if (version === null) {
        const page = await render();
        if (page) res.status(page.status).set("X-Page-Cache", "miss").type("html").send(page.html);
        else otherwise!();
        return;
      }
      // A shopper who has just bought (or paid, …) sees their own write: no stale page for them.
      const kept = cache.get(version, cacheKey, wroteJustNow(req, config.env === "production") ? 0 : STALE_PAGE_MS);
      if (kept) {
        const stale = cache.staleFor(kept);
        res.set("X-Page-Cache", stale ? "stale" : "hit");
        cache.send(req, res, kept);
        // Rendered again behind the scenes, at most one render a page at a time (single flight),
        // and not for every sale of a drop: a page stale for less than this is simply sent.
        if (stale >= RENDER_AGAIN_AFTER_MS) void cache.render(version, cacheKey, render).catch(() => undefined);
        return;
      }
      let rendered = false;
      const entry = await cache.render(version, cacheKey, () => {
        rendered = true;
        return render();
      });
      if (otherwise) return (otherwise as () => void)();
      if (entry) {
        // Rendered for this request, or by the render it waited for.
        res.set("X-Page-Cache", rendered ? "miss" : "hit");
        cache.send(req, res, entry);
        return;
      }
      // The render this request waited for gave no page: its own.
      const page = await render();
      if (page) res.status(page.status).set("X-Page-Cache", "miss").type("html").send(page.html);
      else (otherwise as (() => void) | null)?.();
    } catch (error) {
      next(error);
    }
  };
}
