// schema.org JSON-LD read back from a page and checked against what Google documents for each rich
// result (Search Central, structured data: Breadcrumb, Carousel/ItemList, Local business, Product):
// the required properties and their forms. Returns the problems found (none: the block is valid).

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function jsonLdBlocks(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const isAbsolute = (value: unknown, origin: string) => typeof value === "string" && value.startsWith(`${origin}/`) && !!new URL(value);
const text = (value: unknown) => typeof value === "string" && value.trim().length > 0;

function listItems(block: any, problems: string[]): any[] {
  const items = block.itemListElement;
  if (!Array.isArray(items) || !items.length) {
    problems.push("itemListElement must be a non-empty list");
    return [];
  }
  items.forEach((item: any, i: number) => {
    if (item["@type"] !== "ListItem") problems.push(`item ${i}: @type must be ListItem`);
    if (!Number.isInteger(item.position) || item.position < 1) problems.push(`item ${i}: position must be a whole number from 1`);
    if (i > 0 && item.position !== items[i - 1].position + 1) problems.push(`item ${i}: positions must follow each other`);
  });
  return items;
}

/** Google: BreadcrumbList with ListItems (position, name; item = URL, optional on the last). */
export function breadcrumbProblems(block: any, origin: string): string[] {
  const problems: string[] = [];
  if (block["@context"] !== "https://schema.org" || block["@type"] !== "BreadcrumbList") problems.push("@type must be BreadcrumbList");
  const items = listItems(block, problems);
  items.forEach((item, i) => {
    if (!text(item.name)) problems.push(`crumb ${i}: name required`);
    if (i < items.length - 1 && !isAbsolute(item.item, origin)) problems.push(`crumb ${i}: item must be an absolute URL`);
  });
  return problems;
}

/** Google's summary-page carousel: ItemList of ListItems, each with position and the page's url. */
export function itemListProblems(block: any, origin: string): string[] {
  const problems: string[] = [];
  if (block["@context"] !== "https://schema.org" || block["@type"] !== "ItemList") problems.push("@type must be ItemList");
  for (const [i, item] of listItems(block, problems).entries()) {
    if (!isAbsolute(item.url, origin)) problems.push(`item ${i}: url must be an absolute URL on the site`);
  }
  return problems;
}

/** Google's local business: name and address required (PostalAddress); telephone, url and
 *  openingHoursSpecification (dayOfWeek, opens, closes as hh:mm) recommended, checked when present. */
export function localBusinessProblems(block: any, origin: string): string[] {
  const problems: string[] = [];
  if (block["@context"] !== "https://schema.org" || !["LocalBusiness", "Store", "ClothingStore"].includes(block["@type"])) problems.push("@type must be a LocalBusiness type");
  if (!text(block.name)) problems.push("name required");
  const address = block.address;
  if (address?.["@type"] !== "PostalAddress") problems.push("address must be a PostalAddress");
  for (const field of ["streetAddress", "addressLocality", "addressRegion"]) if (!text(address?.[field])) problems.push(`address.${field} required`);
  if (!/^[A-Z]{2}$/.test(address?.addressCountry ?? "")) problems.push("address.addressCountry must be a two-letter country code");
  if (!text(block.telephone)) problems.push("telephone recommended");
  if (!isAbsolute(block.url, origin)) problems.push("url must be the site's absolute URL");
  const hours = block.openingHoursSpecification;
  if (!Array.isArray(hours) || !hours.length) problems.push("openingHoursSpecification recommended");
  for (const [i, row] of (hours ?? []).entries()) {
    if (row["@type"] !== "OpeningHoursSpecification") problems.push(`hours ${i}: @type`);
    const days = Array.isArray(row.dayOfWeek) ? row.dayOfWeek : [row.dayOfWeek];
    if (!days.length || days.some((d: string) => !DAYS.includes(d))) problems.push(`hours ${i}: dayOfWeek must name days`);
    if (!TIME.test(row.opens) || !TIME.test(row.closes)) problems.push(`hours ${i}: opens and closes as hh:mm`);
  }
  return problems;
}
