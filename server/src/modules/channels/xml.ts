// Text for XML documents we write ourselves (sitemaps, the Google feed): the five markup characters
// escaped, and the characters XML 1.0 forbids (most control characters, lone surrogates, U+FFFE/F)
// dropped, since a single one makes the whole document unreadable to a crawler. Product text is typed
// by admins and imported from spreadsheets, where stray control characters do turn up.

// eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 does not allow
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlText(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** `<name>text</name>`, or nothing for an empty value (optional fields are left out, not sent empty). */
export function xmlElement(name: string, value: string | null | undefined): string {
  return value ? `<${name}>${xmlText(value)}</${name}>` : "";
}
