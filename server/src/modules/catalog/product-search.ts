// Storefront search: every word the shopper typed must be found in the product's name or
// description, in any order, with accents and apostrophes ignored and a small typo forgiven
// ("ankra gown" finds "Ankara Mermaid Evening Gown", "levis" finds "Levi's 501"); best matches first.
//
// The database does the matching through trigram indexes on two generated columns (see the
// search_words migration): search_text (name and description through search_normalize()) and
// search_name (the name alone). Each word is a substring of search_text (LIKE) or similar to a word
// of the name (pg_trgm's <%, threshold set per connection in db/database.ts; similarity over long
// descriptions would cost ~100 times more); both are answered by the indexes. Prisma cannot express <% or a relevance order, so
// a search lists its page of ids in SQL here and the GraphQL layer loads those products with Prisma.
//
// The typo test is only asked for a word found nowhere in the catalogue as written: "ankra" is
// matched by similarity, but "shirt" (in hundreds of products) is matched as written only, not also
// against every name with a similar word ("skirt" scores 0.5 too). A common word then reads its own
// matches once instead of the union of two index scans (decision 010, "Amended").
import { Prisma, type Product } from "../../generated/prisma/client.ts";
import type { Db, SqlRunner } from "../../db/database.ts";
import { resolveCategorySlug } from "../../../../common/categories.ts";
import { ValidationError } from "../errors.ts";
import { discountedSql } from "./discount.ts";
import { visibleNowSql } from "./visibility.ts";
import { onHoldSql } from "../payments/rules.ts";

export const SEARCH_LIMITS = { length: 100, words: 8 } as const;

/** The shopper's words: apostrophes dropped ("levi's" → "levis"), split at anything that is not a
 *  letter or digit, each word once. Accents are folded by the database, the same way as the products. */
export function searchWords(search: string | null | undefined): string[] {
  const text = search?.trim() ?? "";
  if (text.length > SEARCH_LIMITS.length) throw new ValidationError("Search text is too long", "search");
  const words = text
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_LIMITS.words);
}

/** A shopper's word and how it is matched: any of its forms as written (LIKE: the word without a
 *  plural ending, or the catalogue's nearest spellings of a word found nowhere, search-spelling.ts),
 *  or, with no forms (nothing near enough), as a likely typo of a word in a name (<%). */
export interface SearchWord {
  text: string;
  typo: boolean;
  forms: string[];
  /** The catalogue's spellings it was read as (a misspelt or joined word), for the relevance. */
  readAs?: string[];
  /** A joined word ("tshirt" as "t shirt"): its forms are found only where a word starts, so
   *  "tshirt" is not found inside "sweatshirt", nor "t shirt" inside "print shirt". */
  atWordStart?: boolean;
  /** Categories named by the word ("men" → Men - Tops, Men - Pants…): their products match too. */
  categoryIds?: string[];
  /** A search with no letter or digit ("😀"): it matches nothing (it used to match everything). */
  nothing?: boolean;
}

/** What a search text without any letter or digit is looked for as. */
export const MATCHES_NOTHING: SearchWord = { text: "", typo: false, forms: [], nothing: true };

/** Whether any of a word's forms is found as written in any product (the answer for every word of a
 *  search is the same until the catalogue changes, so callers keep it per catalogue version). */
export async function foundAsWritten(prisma: Db, forms: string[], atWordStart = false): Promise<boolean> {
  const [row] = await prisma.$queryRaw<{ found: boolean }[]>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM products p WHERE ${anyForm(forms, atWordStart)}) AS found`,
  );
  return row?.found ?? false;
}

/** The categories with a word of their name ("Men - Pants") starting with one of the forms: a
 *  shopper types the department or the kind of garment ("jeans men"). Forms under 3 letters name
 *  no category. */
export async function categoriesNamed(prisma: Db, forms: string[]): Promise<string[]> {
  const long = forms.filter((form) => form.length >= 3);
  if (!long.length) return [];
  const rows = await prisma.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id::text AS id FROM categories
               WHERE ${Prisma.join(long.map((form) => Prisma.sql`' ' || search_normalize(name) LIKE '% ' || search_normalize(${form}) || '%'`), " OR ")}
               ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

/** The names as search_normalize() folds them, each once: what a misspelt word is compared with. */
export async function searchNames(prisma: Db): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>(Prisma.sql`SELECT DISTINCT search_name AS name FROM products`);
  return rows.map((row) => row.name);
}

export interface SearchFilter {
  category?: string | null;
  categoryIds?: string[] | null;
  size?: string | null;
  excludeIds?: string[] | null;
  deals?: boolean | null;
  inStock?: boolean | null;
  condition?: string | null;
}

/** The listing's filters, as SQL: the one place they are written (every listing, search or not,
 *  goes through it). */
function filterConditions(filter: SearchFilter, options: { ignoreSize?: boolean; now?: Date }): Prisma.Sql[] {
  // Only products on sale now (visibility.ts).
  const conditions: Prisma.Sql[] = [visibleNowSql(options.now)];
  if (filter.category) {
    const resolved = resolveCategorySlug(filter.category);
    if (!resolved) conditions.push(Prisma.sql`FALSE`);
    else if (resolved.subSlug) conditions.push(Prisma.sql`p.category_id IN (SELECT id FROM categories WHERE slug = ${resolved.subSlug})`);
    else conditions.push(Prisma.sql`p.category_id IN (SELECT id FROM categories WHERE main = ${resolved.main.name})`);
  }
  if (filter.categoryIds?.length) conditions.push(Prisma.sql`p.category_id::text IN (${Prisma.join(filter.categoryIds)})`);
  if (filter.excludeIds?.length) conditions.push(Prisma.sql`p.id::text NOT IN (${Prisma.join(filter.excludeIds)})`);
  if (filter.size && !options.ignoreSize) conditions.push(sizeCondition(filter.size));
  if (filter.deals) conditions.push(discountedSql());
  if (filter.inStock) conditions.push(Prisma.sql`p.stock > 0`);
  if (filter.condition) conditions.push(Prisma.sql`p.condition::text = ${filter.condition}`);
  return conditions;
}

function sizeCondition(size: string): Prisma.Sql {
  return Prisma.sql`lower(p.size) = lower(${size})`;
}

function found(word: string): Prisma.Sql {
  return Prisma.sql`p.search_text LIKE '%' || search_normalize(${word}) || '%'`;
}

/** Where a word starts. Only a recheck of what the trigram index found as a substring: a pattern
 *  with a word start of one letter ("% t shirt%") has trigrams in nearly every product, so the
 *  planner would read them all. */
function startsAWord(word: string): Prisma.Sql {
  return Prisma.sql`(' ' || p.search_text) LIKE '% ' || search_normalize(${word}) || '%'`;
}

function anyForm(forms: string[], atWordStart = false): Prisma.Sql {
  const substrings = forms.length === 1 ? found(forms[0]!) : Prisma.sql`(${Prisma.join(forms.map(found), " OR ")})`;
  return atWordStart ? Prisma.sql`(${substrings} AND (${Prisma.join(forms.map(startsAWord), " OR ")}))` : substrings;
}

/** One word: any of its forms in the name or description as written (after folding), or, for a
 *  word with none (found nowhere, nothing near it), a similar word in the name.
 *  search_normalize(word) is folded to a constant when the query is planned, so each test uses its
 *  trigram index (several forms: a BitmapOr of index scans). */
function wordCondition(word: SearchWord): Prisma.Sql {
  if (word.nothing) return Prisma.sql`FALSE`;
  const inText = word.forms.length ? anyForm(word.forms, word.atWordStart) : Prisma.sql`search_normalize(${word.text}) <% p.search_name`;
  if (!word.categoryIds?.length) return inText;
  // The category's own index (category_id first) answers this beside the trigram index (BitmapOr).
  return Prisma.sql`(${inText} OR p.category_id IN (${Prisma.join(word.categoryIds.map((id) => Prisma.sql`${id}::uuid`))}))`;
}

const similarity = (text: string) => Prisma.sql`word_similarity(search_normalize(${text}), p.search_name)`;

/** Per word: how closely it (or its closest form) matches a word of the name (twice), plus one when
 *  found as written. A misspelt word read as several spellings ("shrts": shorts, shirts) ranks
 *  first the names nearest to what was typed. */
function relevance(words: SearchWord[]): Prisma.Sql {
  const terms = words.map(({ text, forms, typo, readAs = [], nothing }) => {
    if (nothing) return Prisma.sql`0`;
    const similarities = [...new Set([text, ...readAs, ...forms])].map(similarity);
    const closest = similarities.length === 1 ? similarities[0]! : Prisma.sql`GREATEST(${Prisma.join(similarities)})`;
    if (!typo) return Prisma.sql`2 * ${closest} + 1`;
    return forms.length ? Prisma.sql`2 * ${closest} + ${similarity(text)}` : Prisma.sql`2 * ${closest}`;
  });
  return Prisma.join(terms, " + ");
}

function whereSql(filter: SearchFilter, words: SearchWord[], options: { ignoreSize?: boolean; now?: Date } = {}): Prisma.Sql {
  return Prisma.join([...filterConditions(filter, options), ...words.map(wordCondition)], " AND ");
}

export type SearchSort = "RELEVANCE" | "NEWEST" | "PRICE_ASC" | "PRICE_DESC";

/** The listing's order on the rows under `alias` (products, or a search's matches); `rank` is the
 *  relevance (null without words). */
function orderSql(sort: SearchSort, rank: Prisma.Sql | null, alias = "p"): Prisma.Sql {
  const p = Prisma.raw(alias);
  switch (sort) {
    case "PRICE_ASC":
      return Prisma.sql`${p}.price ASC, ${p}.created_at DESC, ${p}.id ASC`;
    case "PRICE_DESC":
      return Prisma.sql`${p}.price DESC, ${p}.created_at DESC, ${p}.id ASC`;
    default:
      // Relevance needs words: without any, a listing is newest first.
      if (sort === "RELEVANCE" && rank) return Prisma.sql`${rank} DESC, ${p}.created_at DESC, ${p}.id ASC`;
      return Prisma.sql`${p}.created_at DESC, ${p}.id ASC`;
  }
}

const rankOf = (words: SearchWord[]) => (words.length ? relevance(words) : null);

/** The SQL listing one page of matching product ids (exported so a test can EXPLAIN it). */
export function searchPageSql(filter: SearchFilter, words: SearchWord[], sort: SearchSort, skip: number, take: number): Prisma.Sql {
  return Prisma.sql`SELECT p.id FROM products p WHERE ${whereSql(filter, words)} ORDER BY ${orderSql(sort, rankOf(words))} LIMIT ${take} OFFSET ${skip}`;
}

/** Every column of a product, named and typed as Prisma returns them (numeric → Decimal,
 *  timestamptz → Date, uuid → string), so a raw row can stand for a Prisma Product. Built from
 *  Prisma's own field list (every column is mapped to the snake_case of its field name), so a
 *  column added to the schema is read here too. */
const UUID_COLUMNS = new Set<string>(["id", "categoryId"]);
const PRODUCT_COLUMNS = Prisma.raw(
  Object.values(Prisma.ProductScalarFieldEnum)
    .map((field) => `p.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}${UUID_COLUMNS.has(field) ? "::text" : ""} AS "${field}"`)
    .join(", "),
);

/** A product row as a listing reads it: every column, and whether it is on hold. */
export type ListedProduct = Product & { onHold: boolean };

/** One page of matching products, whole, in the order asked for, as one statement on the driver
 *  (database.ts `sql`): a storefront card needs nothing else, its "on hold" badge included (no
 *  second statement for it). With no words it is the plain listing. */
export async function searchPageRows(sql: SqlRunner, filter: SearchFilter, words: SearchWord[], sort: SearchSort, skip: number, take: number): Promise<ListedProduct[]> {
  return sql<ListedProduct>(
    Prisma.sql`SELECT ${PRODUCT_COLUMNS}, ${onHoldSql("p")} AS "onHold" FROM products p WHERE ${whereSql(filter, words)} ORDER BY ${orderSql(sort, rankOf(words))} LIMIT ${take} OFFSET ${skip}`,
  );
}

/** Ids of one page of matches, in the order asked for. */
export async function searchPageIds(prisma: Db, filter: SearchFilter, words: SearchWord[], sort: SearchSort, skip: number, take: number): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>(searchPageSql(filter, words, sort, skip, take));
  return rows.map((row) => row.id);
}

/** The matches counted by size (ignoring the size filter): the listing's total and size options. */
export function searchSizeSql(filter: SearchFilter, words: SearchWord[]): Prisma.Sql {
  return Prisma.sql`SELECT p.size, count(*)::int AS count FROM products p WHERE ${whereSql(filter, words, { ignoreSize: true })} GROUP BY p.size`;
}

export interface SizeCount {
  size: string | null;
  count: number;
}

/** A search's page and its size counts, as one statement: both read the same matches, which a
 *  search reads in full anyway (relevance and typo matching rank every match), so the matches are
 *  found once (the CTE, narrow: what the counts and the order need) instead of by two statements.
 *  Only the page's rows are then read whole. The counts ride on every row (an InitPlan, computed
 *  once); a page with no rows asks for them apart. */
export async function searchPageWithSizeCounts(
  sql: SqlRunner,
  filter: SearchFilter,
  words: SearchWord[],
  sort: SearchSort,
  skip: number,
  take: number,
): Promise<{ rows: ListedProduct[]; sizeCounts: SizeCount[] }> {
  const rank = sort === "RELEVANCE" ? rankOf(words) : null;
  const rows = await sql<ListedProduct & { sizeCounts?: SizeCount[] }>(Prisma.sql`
    WITH matches AS MATERIALIZED (
      SELECT p.id, p.size, p.price, p.created_at, ${rank ?? Prisma.sql`NULL::float8`} AS rank FROM products p
      WHERE ${whereSql(filter, words, { ignoreSize: true })}
    ),
    page AS (
      SELECT p.* FROM matches p WHERE ${filter.size ? sizeCondition(filter.size) : Prisma.sql`TRUE`}
      ORDER BY ${orderSql(sort, rank && Prisma.sql`p.rank`)} LIMIT ${take} OFFSET ${skip}
    )
    SELECT ${PRODUCT_COLUMNS}, ${onHoldSql("p")} AS "onHold",
      (SELECT coalesce(json_agg(json_build_object('size', g.size, 'count', g.count)), '[]'::json)
         FROM (SELECT size, count(*)::int AS count FROM matches GROUP BY size) g) AS "sizeCounts"
    FROM page JOIN products p ON p.id = page.id
    ORDER BY ${orderSql(sort, rank && Prisma.sql`page.rank`, "page")}`);
  if (!rows.length) return { rows: [], sizeCounts: await searchSizeGroups(sql, filter, words) };
  const sizeCounts = rows[0]!.sizeCounts ?? [];
  for (const row of rows) delete row.sizeCounts;
  return { rows, sizeCounts };
}

export async function searchSizeGroups(sql: SqlRunner, filter: SearchFilter, words: SearchWord[]): Promise<SizeCount[]> {
  return sql<SizeCount>(searchSizeSql(filter, words));
}
