// What a reader of a server-rendered page sees, out of its HTML.

/** The product page's stock line as read ("3 items available", "Out of stock On hold"): without
 *  its markup (the count is marked for joining, decision 026) and React's text separators. */
export function stockLine(html: string): string | null {
  const line = /<p class="stock[^"]*">([\s\S]*?)<\/p>/.exec(html)?.[1];
  return line === undefined ? null : line.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
}
