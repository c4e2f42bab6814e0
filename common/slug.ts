/** Lowercase; runs of non-alphanumeric characters become one hyphen; trimmed of hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
