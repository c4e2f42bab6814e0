/** A URL slug from a name: letters lose their accents ("Gèlè" → "gele", NFKD then combining marks
 *  dropped), apostrophes disappear ("Levi's" → "levis", as people type it), and every other run of
 *  non-alphanumerics becomes one hyphen, trimmed at both ends. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
