// Page titles and descriptions shared by the browser (lib/page-meta.ts, set on every navigation)
// and the server (http/page-html.ts, written into the HTML for link previews that run no JavaScript).

/** The id of the JSON data block in which the server hands the store settings to the client. */
export const STORE_SETTINGS_ELEMENT_ID = "store-settings";

export const DEFAULT_DESCRIPTION =
  "Quality pre-loved clothing for ladies, men and kids, bales and unisex items, delivered across Nigeria. Look great, feel great, pay less.";

/** "Page | Store", unless the title already names the store. */
export function fullPageTitle(title: string, storeName: string): string {
  return title.includes(storeName) ? title : `${title} | ${storeName}`;
}

/** A product page's description: the product description cut to 150 characters (SPEC §2). */
export function productMetaDescription(description: string | null | undefined): string | undefined {
  return description ? description.slice(0, 150) : undefined;
}
