// Title, description, canonical link and Open Graph tags per page.
import { useEffect } from "react";
import { storeSettings } from "./store-settings.ts";

export interface PageMeta {
  title: string;
  description?: string;
  /** Path (with query) of the canonical URL; defaults to the current path. */
  canonicalPath?: string;
  image?: string | null;
}

function setMeta(attr: "name" | "property", key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function usePageMeta({ title, description, canonicalPath, image }: PageMeta) {
  useEffect(() => {
    const fullTitle = title.includes(storeSettings.name) ? title : `${title} | ${storeSettings.name}`;
    document.title = fullTitle;
    const url = new URL(canonicalPath ?? window.location.pathname, window.location.origin).toString();
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "canonical";
      document.head.appendChild(link);
    }
    link.href = url;
    if (description) {
      setMeta("name", "description", description);
      setMeta("property", "og:description", description);
    }
    setMeta("property", "og:title", fullTitle);
    setMeta("property", "og:url", url);
    setMeta("property", "og:type", "website");
    setMeta("property", "og:site_name", storeSettings.name);
    if (image) setMeta("property", "og:image", new URL(image, window.location.origin).toString());
  }, [title, description, canonicalPath, image]);
}
