// Product browsing rules: filters, sorting and paging are done by the database so a catalogue
// of thousands of products stays fast (the spec's client-side filtering does not scale).
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { resolveCategorySlug } from "../../../../common/categories.ts";
import { ValidationError } from "../errors.ts";

export type ProductSort = "NEWEST" | "PRICE_ASC" | "PRICE_DESC";

export interface ProductFilter {
  /** A main ("ladies") or sub ("ladies-tops") category slug, as in /products?category=… */
  category?: string | null;
  categoryIds?: string[] | null;
  size?: string | null;
  search?: string | null;
  excludeIds?: string[] | null;
}

export const MAX_PAGE_SIZE = 48;

export function productWhere(filter: ProductFilter, options: { ignoreSize?: boolean } = {}): Prisma.ProductWhereInput {
  const and: Prisma.ProductWhereInput[] = [];
  if (filter.category) {
    const resolved = resolveCategorySlug(filter.category);
    // An unknown category shows the empty state rather than the whole catalogue.
    if (!resolved) and.push({ id: { in: [] } });
    else if (resolved.subSlug) and.push({ category: { slug: resolved.subSlug } });
    else and.push({ category: { main: resolved.main.name } });
  }
  if (filter.categoryIds?.length) and.push({ categoryId: { in: filter.categoryIds } });
  if (filter.excludeIds?.length) and.push({ id: { notIn: filter.excludeIds } });
  if (filter.size && !options.ignoreSize) and.push({ size: { equals: filter.size, mode: "insensitive" } });
  const search = filter.search?.trim();
  if (search) {
    if (search.length > 100) throw new ValidationError("Search text is too long", "search");
    and.push({
      OR: [
        { name: { contains: search, mode: "insensitive" } },
        { description: { contains: search, mode: "insensitive" } },
      ],
    });
  }
  return and.length ? { AND: and } : {};
}

export function productOrder(sort: ProductSort): Prisma.ProductOrderByWithRelationInput[] {
  // id last keeps pages stable when two products share a price or a timestamp.
  switch (sort) {
    case "PRICE_ASC":
      return [{ price: "asc" }, { createdAt: "desc" }, { id: "asc" }];
    case "PRICE_DESC":
      return [{ price: "desc" }, { createdAt: "desc" }, { id: "asc" }];
    default:
      return [{ createdAt: "desc" }, { id: "asc" }];
  }
}

/** Storefront pages: 24 products by default, at most MAX_PAGE_SIZE. */
export const PRODUCT_PAGE = { defaultLimit: 24, maxLimit: MAX_PAGE_SIZE };

export interface ProductFacets {
  totalCount: number;
  /** Sizes present among the matches, ignoring the size filter itself (the size select's options). */
  sizes: string[];
}

/** How many products of each size match a filter without its size: one GROUP BY size, one scan of
 *  the matches. The same for every listing of that filter whatever its size, sort and page, so
 *  callers may keep it until the catalogue changes (see cache/catalogue-memo.ts). */
export async function sizeCounts(prisma: Db, filter: ProductFilter): Promise<{ size: string | null; count: number }[]> {
  const groups = await prisma.product.groupBy({
    by: ["size"],
    where: productWhere(filter, { ignoreSize: true }),
    _count: { _all: true },
  });
  return groups.map((group) => ({ size: group.size, count: group._count._all }));
}

/** The key under which sizeCounts of a filter may be kept: the filter without its size. */
export function sizeCountsKey(filter: ProductFilter): string {
  const { size: _ignored, ...rest } = filter;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** A listing's total and its size options (the sizes present, ignoring the size filter itself). */
export function facetsFromSizeCounts(groups: { size: string | null; count: number }[], size: string | null | undefined): ProductFacets {
  const wanted = size?.toLowerCase();
  const matching = wanted ? groups.filter((group) => group.size?.toLowerCase() === wanted) : groups;
  return {
    totalCount: matching.reduce((sum, group) => sum + group.count, 0),
    sizes: sortSizes(groups.flatMap((group) => (group.size ? [group.size] : []))),
  };
}

export async function productFacets(prisma: Db, filter: ProductFilter): Promise<ProductFacets> {
  return facetsFromSizeCounts(await sizeCounts(prisma, filter), filter.size);
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
