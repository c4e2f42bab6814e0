// The catalogue feeds the selling channels fetch on a schedule (decision 029, docs/selling-channels.md):
//   /feeds/meta.csv   Meta Commerce Manager (Facebook and Instagram Shops, WhatsApp catalogue)
//   /feeds/google.xml Google Merchant Center (RSS 2.0 with the g: namespace)
// Both are written from one list of facts per piece (feedItem), so they cannot disagree with each
// other, and those facts come from the same rows and formats as the product page: price and
// original price as the API answers them, in stock while stock > 0.
import { stringify } from "csv-stringify/sync";
import { neutralizeFormula } from "../reports/csv.ts";
import { productPhotoPath } from "../../../../common/preview-image.ts";
import { resolveCategorySlug } from "../../../../common/categories.ts";
import type { ShopPiece } from "./shop-pieces.ts";
import { xmlElement, xmlText } from "./xml.ts";
import { isDiscounted } from "../catalog/discount.ts";

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";
/** Google's product taxonomy: Apparel & Accessories > Clothing. Apparel rules (gender, age group,
 *  size) then apply, and both channels file the pieces under clothing. */
const CLOTHING_CATEGORY = "1604";
/** Google's limits (Meta's are larger: 200 and 9,999). */
const MAX_TITLE = 150;
const MAX_DESCRIPTION = 5000;

type Gender = "female" | "male" | "unisex";
type AgeGroup = "adult" | "kids";

/** Who a category dresses; bales (mixed bundles) and uncategorised pieces say nothing. */
const AUDIENCE: Record<string, { gender: Gender; ageGroup: AgeGroup }> = {
  ladies: { gender: "female", ageGroup: "adult" },
  men: { gender: "male", ageGroup: "adult" },
  unisex: { gender: "unisex", ageGroup: "adult" },
  "kids-boy": { gender: "male", ageGroup: "kids" },
  "kids-girl": { gender: "female", ageGroup: "kids" },
};

function audienceOf(category: ShopPiece["category"]): { gender: Gender; ageGroup: AgeGroup } | null {
  if (!category) return null;
  // The shop's own tree first (category rows name their main category for display, e.g. "Ladies").
  const main = resolveCategorySlug(category.slug)?.main.slug ?? category.main.toLowerCase();
  return AUDIENCE[category.slug] ?? (main === "kids" ? null : (AUDIENCE[main] ?? null));
}

export interface FeedItem {
  id: string;
  title: string;
  description: string;
  inStock: boolean;
  condition: "new" | "used";
  /** The regular price, "7300.00 NGN"; sale_price the discounted one (the price the shop charges). */
  price: string;
  salePrice: string | null;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  brand: string;
  size: string | null;
  gender: Gender | null;
  ageGroup: AgeGroup | null;
}

const ngn = (amount: string) => `${amount} NGN`;
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`);
/** Feeds are plain text on one line per field: runs of whitespace (newlines included) become one space. */
const plain = (text: string) => text.replace(/\s+/g, " ").trim();

export function feedItem(piece: ShopPiece, shop: { origin: string; name: string }): FeedItem {
  // Our own paths are already encoded: joined, not parsed (new URL per field was a fifth of a cold feed).
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${shop.origin}${url.startsWith("/") ? "" : "/"}${url}`);
  const discounted = isDiscounted(piece.price, piece.originalPrice);
  const audience = audienceOf(piece.category);
  const title = cut(plain(piece.name), MAX_TITLE);
  return {
    id: piece.id,
    title,
    // Both channels require a description; a piece listed without one is described by its name.
    description: cut(plain(piece.description ?? "") || title, MAX_DESCRIPTION),
    inStock: piece.stock > 0,
    // Thrift pieces are used; only "New with tags" is new (both channels: new | refurbished | used).
    condition: piece.condition === "new_with_tags" ? "new" : "used",
    price: ngn(discounted ? piece.originalPrice! : piece.price),
    salePrice: discounted ? ngn(piece.price) : null,
    link: absolute(`/products/${encodeURIComponent(piece.slug)}`),
    imageLink: absolute(productPhotoPath(piece)),
    // Uploaded gallery pictures are rasters; an SVG (demo) picture is left out rather than refused.
    additionalImageLinks: piece.galleryUrls.filter((url) => !/\.svg(\?|$)/i.test(url)).slice(0, 10).map(absolute),
    // One-of-a-kind pieces carry no brand field: the shop's name, as both channels advise.
    brand: shop.name,
    size: piece.size ? plain(piece.size) : null,
    gender: audience?.gender ?? null,
    ageGroup: audience?.ageGroup ?? null,
  };
}

export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "size",
  "gender",
  "age_group",
  "google_product_category",
] as const;

/** Meta's CSV: a header row of field names, RFC 4180 quoting (Meta: quote fields with whitespace or
 *  commas, double the quotes inside), and no cell a spreadsheet would run as a formula. */
export function metaCsv(items: FeedItem[]): string {
  const rows = items.map((item) =>
    [
      item.id,
      item.title,
      item.description,
      item.inStock ? "in stock" : "out of stock",
      item.condition,
      item.price,
      item.salePrice ?? "",
      item.link,
      item.imageLink,
      item.additionalImageLinks.join(","),
      item.brand,
      item.size ?? "",
      item.gender ?? "",
      item.ageGroup ?? "",
      CLOTHING_CATEGORY,
    ].map(neutralizeFormula),
  );
  return stringify([[...META_COLUMNS], ...rows], { quoted_match: /[\s,]/ });
}

/** Google's RSS 2.0 feed: one <item> per piece with g: fields, XML-escaped. One-of-a-kind pieces
 *  have no GTIN or MPN, which g:identifier_exists "no" declares. */
export function googleRss(items: FeedItem[], shop: { origin: string; name: string; description: string }): string {
  const g = (name: string, value: string | null) => xmlElement(`g:${name}`, value);
  const entries = items.map((item) =>
    [
      "<item>",
      g("id", item.id),
      g("title", item.title),
      g("description", item.description),
      g("link", item.link),
      g("image_link", item.imageLink),
      ...item.additionalImageLinks.map((url) => g("additional_image_link", url)),
      g("availability", item.inStock ? "in_stock" : "out_of_stock"),
      g("price", item.price),
      g("sale_price", item.salePrice),
      g("condition", item.condition),
      g("brand", item.brand),
      g("identifier_exists", "no"),
      g("google_product_category", CLOTHING_CATEGORY),
      g("gender", item.gender),
      g("age_group", item.ageGroup),
      g("size", item.size),
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    "<channel>",
    `<title>${xmlText(shop.name)}</title>`,
    `<link>${xmlText(shop.origin)}/</link>`,
    `<description>${xmlText(shop.description)}</description>`,
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
