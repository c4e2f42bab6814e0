// Title, description, canonical link and Open Graph tags per page (sharing on WhatsApp, search).
import { createContext, useContext, useEffect } from "react";
import { storeSettings } from "./store-settings.ts";
import { DEFAULT_DESCRIPTION, fullPageTitle, STORE_PREVIEW_PATH } from "../../../common/page-head.ts";

export interface PageMeta {
  title: string;
  /** Falls back to the shop's description, so a page never keeps the previous page's text. */
  description?: string;
  /** Path (with query) of the canonical URL; defaults to the current path. */
  canonicalPath?: string;
  image?: string | null;
  type?: "website" | "product";
  /** Pages that should not appear in search results (not found states). */
  noIndex?: boolean;
  /** 404 for "not found" states: the server answers the page with that status. */
  status?: 404;
  /** The picture the page shows first: the server preloads it from the HTML head. */
  preloadImage?: { href: string; srcSet?: string; sizes?: string };
}

/** What a server render learns about its page: its head, status, or a redirect (entry-server.tsx).
 *  Absent in the browser. Written during render (the server renders once more after every data
 *  fetch, so the last render's values are the page's). */
export interface ServerPage {
  meta: PageMeta | null;
  redirect: string | null;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

/** The server render's page record; always null in the browser (the check is compiled away there). */
export function useServerPage(): ServerPage | null {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the condition is a build-time constant
  return import.meta.env.SSR ? useContext(ServerPageContext) : null;
}

function setMeta(attr: "name" | "property", key: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function usePageMeta(meta: PageMeta) {
  const { title, description, canonicalPath, image, type = "website", noIndex = false } = meta;
  if (import.meta.env.SSR) {
    const server = useServerPage();
    if (server) server.meta = meta;
  }
  useEffect(() => {
    const fullTitle = fullPageTitle(title, storeSettings.name);
    const text = description || DEFAULT_DESCRIPTION;
    document.title = fullTitle;
    const url = new URL(canonicalPath ?? window.location.pathname, window.location.origin).toString();
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "canonical";
      document.head.appendChild(link);
    }
    link.href = url;
    setMeta("name", "description", text);
    setMeta("name", "robots", noIndex ? "noindex" : null);
    setMeta("property", "og:title", fullTitle);
    setMeta("property", "og:description", text);
    setMeta("property", "og:url", url);
    setMeta("property", "og:type", type);
    setMeta("property", "og:site_name", storeSettings.name);
    setMeta("property", "og:locale", "en_NG");
    // Every page shows a picture when shared: its own, or the shop's (decision 029).
    setMeta("property", "og:image", new URL(image || STORE_PREVIEW_PATH, window.location.origin).toString());
    setMeta("name", "twitter:card", "summary_large_image");
  }, [title, description, canonicalPath, image, type, noIndex]);
  // Marks the document once a page has run in the browser (hydrated, on a server-rendered page):
  // until then its JavaScript-only controls are disabled and its head is the server's. The browser
  // tests wait for it (tests/helpers/browser.ts, pageReady) instead of guessing a delay.
  useEffect(() => {
    document.documentElement.dataset.ready = "";
  }, []);
}
