// Product browsing rules: filters, sorting and paging are done by the database so a catalogue
// of thousands of products stays fast (the spec's client-side filtering does not scale).
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Db, SqlRunner } from "../../db/database.ts";
import type { Condition } from "../../../../common/condition.ts";
import type { CatalogueMemo } from "../../cache/catalogue-memo.ts";
import {
  categoriesNamed,
  foundAsWritten,
  MATCHES_NOTHING,
  searchNames,
  searchPageIds,
  searchPageRows,
  searchPageWithSizeCounts,
  searchSizeGroups,
  searchWords,
  type ListedProduct,
  type SearchSort,
  type SearchWord,
  type SizeCount,
} from "./product-search.ts";
import { corrections, joinLoneLetters, vocabularyOf, wordForms, type Vocabulary } from "./search-spelling.ts";

/** RELEVANCE (best matches first) applies to a search; without one it lists the newest first. */
export type ProductSort = SearchSort;

export interface ProductFilter {
  /** A main ("ladies") or sub ("ladies-tops") category slug, as in /products?category=… */
  category?: string | null;
  categoryIds?: string[] | null;
  size?: string | null;
  search?: string | null;
  excludeIds?: string[] | null;
  /** Discounted products only (an original price above the price): "Shop Deals". */
  deals?: boolean | null;
  /** Only products with stock left (suggestions: a sold-out one-off is not offered). */
  inStock?: boolean | null;
  /** Only this condition grade (common/condition.ts). */
  condition?: Condition | null;
}

export const MAX_PAGE_SIZE = 48;

/** Storefront pages: 24 products by default, at most MAX_PAGE_SIZE. */
export const PRODUCT_PAGE = { defaultLimit: 24, maxLimit: MAX_PAGE_SIZE };

export interface ProductFacets {
  totalCount: number;
  /** Sizes present among the matches, ignoring the size filter itself (the size select's options). */
  sizes: string[];
}

type ProductQuery = Pick<Prisma.ProductFindManyArgs, "include" | "select">;

/** The shopper's words, each with the forms to look for: the word without a plural ending, or the
 *  names' words it joins ("tshirt": "t shirt"), when found as written somewhere in the catalogue;
 *  else the nearest spellings in the names (search-spelling.ts); else none (matched as a typo by
 *  similarity). The answer changes only with the catalogue: kept in the memo when given. */
export async function searchTerms(prisma: Db, search: string | null | undefined, memo?: CatalogueMemo): Promise<SearchWord[]> {
  const kept = <T>(key: string, compute: () => Promise<T>) => (memo ? memo.get(key, compute) : compute());
  let typed = searchWords(search);
  // Typed, but no word in it ("😀"): nothing matches, rather than everything (issue 40).
  if (!typed.length) return search?.trim() ? [MATCHES_NOTHING] : [];
  if (typed.some((word) => word.length === 1)) typed = joinLoneLetters(typed, await nameVocabulary(prisma, memo));
  return Promise.all(
    typed.map((text) =>
      kept(`searchWord:${text}`, async (): Promise<SearchWord> => {
        const vocabulary = await nameVocabulary(prisma, memo);
        const joined = vocabulary.get(text);
        const readAs = joined && joined !== text ? [joined] : [];
        const atWordStart = readAs.some((spelling) => spelling.includes(" "));
        const forms = [...new Set([text, ...readAs].flatMap(wordForms))];
        const categoryIds = await categoriesNamed(prisma, forms);
        if (categoryIds.length || (await foundAsWritten(prisma, forms, atWordStart))) return { text, typo: false, forms, readAs, atWordStart, categoryIds };
        const near = corrections(text, vocabulary);
        const nearForms = [...new Set(near.flatMap(wordForms))];
        return { text, typo: true, forms: nearForms, readAs: near, atWordStart: near.some((spelling) => spelling.includes(" ")), categoryIds: await categoriesNamed(prisma, nearForms) };
      }),
    ),
  );
}

const vocabularies = new WeakMap<Db, Vocabulary>();

/** The names' words (search-spelling.ts), read again once per catalogue version. A search does not
 *  wait for that: it uses the vocabulary read before the change (a name changes far less often than
 *  stock, and a new product's words are found as written anyway); only the first search waits. */
async function nameVocabulary(prisma: Db, memo?: CatalogueMemo): Promise<Vocabulary> {
  const read = () =>
    searchNames(prisma).then((names) => {
      const vocabulary = vocabularyOf(names);
      vocabularies.set(prisma, vocabulary);
      return vocabulary;
    });
  const previous = vocabularies.get(prisma);
  if (!memo) return read();
  const reading = memo.get("searchVocabulary", read);
  if (!previous) return reading;
  reading.catch(() => undefined); // kept answering with the previous one
  return previous;
}

/** Whether a Prisma query (from Pothos, for the fields a GraphQL selection asks for) loads relations. */
function asksForRelations(query: ProductQuery): boolean {
  const { include, select } = query as { include?: Record<string, unknown>; select?: Record<string, unknown> };
  return select !== undefined || (include !== undefined && Object.values(include).some(Boolean));
}

/** One page of a listing, with the relations `query` asks for. The listing's filters are written
 *  once, in SQL (product-search.ts). A storefront card asks for no relations: the page is then one
 *  statement on the driver. Otherwise the page's ids come from the same SQL (relevance order and
 *  typo-forgiving words for a search, newest first without one) and Prisma loads them with the
 *  relations asked for. */
export async function productPage(
  db: { prisma: Db; sql: SqlRunner },
  query: ProductQuery,
  filter: ProductFilter,
  sort: ProductSort | null | undefined,
  window: { skip: number; take: number },
  memo?: CatalogueMemo,
) {
  const { prisma } = db;
  const words = await searchTerms(prisma, filter.search, memo);
  if (!asksForRelations(query)) return searchPageRows(db.sql, filter, words, sort ?? "RELEVANCE", window.skip, window.take);
  return loadInOrder(prisma, query, await searchPageIds(prisma, filter, words, sort ?? "RELEVANCE", window.skip, window.take));
}

async function loadInOrder(prisma: Db, query: ProductQuery, ids: string[]) {
  if (!ids.length) return [];
  const rows = await prisma.product.findMany({ ...query, where: { id: { in: ids } } } as Prisma.ProductFindManyArgs);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Whether a listing is a search (it has words to match). */
export function isSearch(filter: ProductFilter): boolean {
  return Boolean(filter.search?.trim());
}

/** A search's page (whole rows) and its size counts, read together (product-search.ts). */
export async function searchPageWithSizes(
  db: { prisma: Db; sql: SqlRunner },
  filter: ProductFilter,
  sort: ProductSort | null | undefined,
  window: { skip: number; take: number },
  memo?: CatalogueMemo,
): Promise<{ rows: ListedProduct[]; sizeCounts: SizeCount[] }> {
  const words = await searchTerms(db.prisma, filter.search, memo);
  return searchPageWithSizeCounts(db.sql, filter, words, sort ?? "RELEVANCE", window.skip, window.take);
}

/** Rows already read as a page, with the relations `query` asks for (loaded by id when it asks). */
export async function pageWithRelations(prisma: Db, query: ProductQuery, rows: ListedProduct[]) {
  return asksForRelations(query) ? loadInOrder(prisma, query, rows.map((row) => row.id)) : rows;
}

/** How many products of each size match a filter without its size: one GROUP BY size, one scan of
 *  the matches, on the driver. The same for every listing of that filter whatever its size, sort and
 *  page, so callers may keep it until the catalogue changes (see cache/catalogue-memo.ts). */
export async function sizeCounts(db: { prisma: Db; sql: SqlRunner }, filter: ProductFilter, memo?: CatalogueMemo): Promise<SizeCount[]> {
  return searchSizeGroups(db.sql, filter, await searchTerms(db.prisma, filter.search, memo));
}

/** The key under which sizeCounts of a filter may be kept: the filter without its size. */
export function sizeCountsKey(filter: ProductFilter): string {
  const { size: _ignored, ...rest } = filter;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** One listing as a GraphQL page asks for it: its products and its facets (total, size options),
 *  each read at most once, whichever is asked first. The size counts of a filter are the same for
 *  every page, sort and size of it: kept in the memo per catalogue version. When a search's counts
 *  are not kept yet, its page and counts are read by one statement (a search reads all its matches
 *  either way), which the page then uses. */
export class ProductListing {
  private facetsRead?: Promise<ProductFacets>;
  private searchRead?: ReturnType<typeof searchPageWithSizes>;

  constructor(
    private readonly db: { prisma: Db; sql: SqlRunner },
    private readonly memo: CatalogueMemo,
    readonly filter: ProductFilter,
    readonly sort: ProductSort | null,
    readonly window: { skip: number; take: number },
  ) {}

  facets(): Promise<ProductFacets> {
    const read = () => (isSearch(this.filter) ? this.searchPageWithSizes().then((r) => r.sizeCounts) : sizeCounts(this.db, this.filter, this.memo));
    // In-stock counts change with every sale, which no longer turns the catalogue version over:
    // never kept.
    return (this.facetsRead ??= (this.filter.inStock ? read() : this.memo.get(`sizeCounts:${sizeCountsKey(this.filter)}`, read)).then((counts) =>
      facetsFromSizeCounts(counts, this.filter.size),
    ));
  }

  /** The page's products, with the relations `query` asks for. */
  async items(query: ProductQuery) {
    if (isSearch(this.filter)) {
      // Asks for the counts first (the page comes with them when they are not kept); a failure
      // reaches the caller through the shared read below, or the facets themselves.
      this.facets().catch(() => undefined);
      if (this.searchRead) return pageWithRelations(this.db.prisma, query, (await this.searchRead).rows);
    }
    return productPage(this.db, query, this.filter, this.sort, this.window, this.memo);
  }

  private searchPageWithSizes() {
    return (this.searchRead ??= searchPageWithSizes(this.db, this.filter, this.sort, this.window, this.memo));
  }
}

/** A listing's total and its size options (the sizes present, ignoring the size filter itself). */
export function facetsFromSizeCounts(groups: SizeCount[], size: string | null | undefined): ProductFacets {
  const wanted = size?.toLowerCase();
  const matching = wanted ? groups.filter((group) => group.size?.toLowerCase() === wanted) : groups;
  return {
    totalCount: matching.reduce((sum, group) => sum + group.count, 0),
    sizes: sortSizes(groups.flatMap((group) => (group.size ? [group.size] : []))),
  };
}

const SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/** Letter sizes in wearing order, then everything else (kids' ages, waist numbers) naturally. */
export function sortSizes(sizes: string[]): string[] {
  const rank = (s: string) => {
    const i = SIZE_ORDER.indexOf(s.toUpperCase());
    return i === -1 ? SIZE_ORDER.length : i;
  };
  return [...new Set(sizes)].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }),
  );
}
