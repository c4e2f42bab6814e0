// Page titles and descriptions shared by the browser (lib/page-meta.ts, set on every navigation)
// and the server (http/page-html.ts, written into the HTML for link previews that run no JavaScript).

/** The id of the JSON data block in which the server hands the store settings to the client. */
export const STORE_SETTINGS_ELEMENT_ID = "store-settings";

/** The id of the JSON data block holding the Apollo cache of a server-rendered page: the browser
 *  starts from it, so hydration shows the same data without asking for it again. */
export const APOLLO_STATE_ELEMENT_ID = "apollo-state";

/**
 * JSON for a `<script type="application/json">` data block: "<" escaped so no value can close the
 * element early ("</script>", "<!--"), and U+2028/U+2029 escaped so the text stays valid wherever it
 * is read as JavaScript. JSON.parse reads the escapes back as the same characters.
 */
export function jsonForDataBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

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
