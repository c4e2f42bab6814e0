// schema.org structured data (JSON-LD) for search engines, in the shapes Google documents for rich
// results (decision 029): the shop as a ClothingStore (local business) on the home and contact
// pages, an ItemList of product pages on listings, a BreadcrumbList on product pages. Pure builders
// of plain objects: the pages render them with jsonLd(), tests read them back.
import type { StoreSettings } from "./store-settings.ts";
import { OPENING_HOURS_SPEC } from "./opening-hours.ts";
import { STORE_PREVIEW_PATH } from "./page-head.ts";

type Json = Record<string, unknown>;
const CONTEXT = "https://schema.org";

/** The JSON for a `<script type="application/ld+json">`: "<" escaped so no text can end the element. */
export function jsonLd(data: Json): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** "14 Idiroko Road, Sango-Ota, Ogun State" → street, town, state (Nigerian addresses end so). */
export function postalAddress(address: string): Json {
  const parts = address.split(",").map((part) => part.trim()).filter(Boolean);
  const base = { "@type": "PostalAddress", addressCountry: "NG" };
  if (parts.length < 3) return { ...base, streetAddress: address.trim() };
  return { ...base, streetAddress: parts.slice(0, -2).join(", "), addressLocality: parts.at(-2), addressRegion: parts.at(-1) };
}

export function clothingStore(store: Pick<StoreSettings, "name" | "phone" | "address" | "email" | "instagramUrl" | "tiktokUrl" | "mapUrl">, origin: string): Json {
  return {
    "@context": CONTEXT,
    "@type": "ClothingStore",
    "@id": `${origin}/#store`,
    name: store.name,
    url: `${origin}/`,
    image: `${origin}${STORE_PREVIEW_PATH}`,
    telephone: store.phone,
    email: store.email,
    priceRange: "₦",
    currenciesAccepted: "NGN",
    address: postalAddress(store.address),
    hasMap: store.mapUrl,
    openingHoursSpecification: OPENING_HOURS_SPEC.map((row) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: row.dayOfWeek,
      opens: row.opens,
      closes: row.closes,
    })),
    sameAs: [store.instagramUrl, store.tiktokUrl],
  };
}

/** Pages from the home page down to this one; the last (this page) may go without an address. */
export function breadcrumbList(crumbs: { name: string; path?: string }[], origin: string): Json {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      ...(crumb.path ? { item: new URL(crumb.path, origin).toString() } : {}),
    })),
  };
}

/** A listing's products as a summary list (Google's carousel shape: each item only its page's URL). */
export function itemList(products: { slug: string; name: string }[], origin: string, offset = 0): Json {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    itemListElement: products.map((product, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      name: product.name,
      url: new URL(`/products/${encodeURIComponent(product.slug)}`, origin).toString(),
    })),
  };
}
