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

/** The shop's own link-preview picture (decision 029), for every page without one of its own
 *  (common/preview-image.ts draws and versions the products' pictures). Here with the head, which
 *  every page loads, rather than there, which only a product page needs in the browser. */
export const STORE_PREVIEW_PATH = "/previews/store.jpg";

/** "Page | Store", unless the title already names the store. */
export function fullPageTitle(title: string, storeName: string): string {
  return title.includes(storeName) ? title : `${title} | ${storeName}`;
}

/** A description's most characters (SPEC §2). */
export const META_DESCRIPTION_MAX = 150;

/** Text of at most `max` characters: whole, or cut after its last whole word with an ellipsis
 *  ("… at the back hem." not "… at the back hem. F"). */
export function cutAtWord(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max); // the ellipsis takes the last character
  const lastSpace = room.lastIndexOf(" ");
  const words = (lastSpace > max / 2 ? room.slice(0, lastSpace) : room.slice(0, max - 1)).replace(/[\s,;:·.–-]+$/, "");
  return `${words}…`;
}

/** A product page's description: the product description, cut at a word to 150 characters. */
export function productMetaDescription(description: string | null | undefined): string | undefined {
  return description ? cutAtWord(description) : undefined;
}
