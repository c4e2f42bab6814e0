// Codes a shopper reads out over the phone or types into a bank narration (DESIGN §6.8): order
// references and tracking numbers, in Crockford base32 (no I, L, O or U, so nothing is misread).
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `length` random Crockford characters (5 random bits each). */
export function readableCode(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => CROCKFORD[b & 31]).join("");
}

/** As typed by a shopper: lower case and the look-alikes O→0, I/L→1 are accepted, dashes ignored. */
export function normaliseReference(reference: string): string {
  return reference.trim().toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1").replace(/-/g, "");
}
