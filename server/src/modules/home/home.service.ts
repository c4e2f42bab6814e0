// What the home page shows (SPEC §2 Home, §7 "Products and categories", §9 limits). Each block is
// one bounded query; the GraphQL layer adds the selected relations without N+1.
import type { Prisma, Product } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { visibleNow } from "../catalog/visibility.ts";
import { discounted } from "../catalog/discount.ts";

export const FEATURED_PRODUCTS = 12;
export const SPECIAL_OFFERS = 3;
export const FEATURED_REVIEWS = 4;
export const SECTION_PRODUCTS = 6;
/** The "random" section draws from this many products, keeps RANDOM_KEEP, and shows SECTION_PRODUCTS. */
export const RANDOM_POOL = 20;
export const RANDOM_KEEP = 12;

export type SectionType = "latest" | "best_sellers" | "random";

type ProductQuery = Pick<Prisma.ProductFindManyArgs, "include" | "select">;

/** The one homepage section shown: the active one with the lowest display order. */
export function activeSectionArgs() {
  return {
    where: { isActive: true },
    // createdAt then id break ties so the same section shows on every request.
    orderBy: [{ displayOrder: "asc" }, { createdAt: "asc" }, { id: "asc" }] satisfies Prisma.HomepageSectionOrderByWithRelationInput[],
  };
}

/** What a home block may show: on sale now and not sold out (a wall of "out of stock" cards sells
 *  nothing; issue 26). */
const offeredNow = (now: Date) => ({ stock: { gt: 0 }, AND: [visibleNow(now)] }) satisfies Prisma.ProductWhereInput;

/** Latest 12 products on sale and in stock, newest first. */
export function featuredProductsArgs(now = new Date()) {
  return {
    where: offeredNow(now),
    orderBy: [{ createdAt: "desc" }, { id: "asc" }] satisfies Prisma.ProductOrderByWithRelationInput[],
    take: FEATURED_PRODUCTS,
  };
}

/** Three offers: products in stock and discounted (an original price above the price), the last
 *  pieces first (stock ascending, as the spec's call list orders them). A sold-out item is no offer. */
export function specialOffersArgs(prisma: Db, now = new Date()) {
  return {
    where: { ...offeredNow(now), ...discounted(prisma) } satisfies Prisma.ProductWhereInput,
    orderBy: [{ stock: "asc" }, { createdAt: "desc" }, { id: "asc" }] satisfies Prisma.ProductOrderByWithRelationInput[],
    take: SPECIAL_OFFERS,
  };
}

export function featuredReviewsArgs() {
  return {
    // A review of a product whose drop is not live yet would name it before its time (visibility.ts).
    where: { isFeatured: true, OR: [{ productId: null }, { product: visibleNow() }] } satisfies Prisma.CustomerReviewWhereInput,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }] satisfies Prisma.CustomerReviewOrderByWithRelationInput[],
    take: FEATURED_REVIEWS,
  };
}

/** Up to six products in stock for a section, chosen by its type: latest, best sellers (stock
 *  ascending: the last pieces first) or random. */
export async function sectionProducts(
  prisma: Db,
  type: SectionType,
  query: ProductQuery,
  random: () => number = Math.random,
  now = new Date(),
): Promise<Product[]> {
  // query carries the relations the GraphQL selection needs (loaded in one extra query, not per row).
  const find = (args: Prisma.ProductFindManyArgs) =>
    prisma.product.findMany({ ...query, ...args, where: offeredNow(now) } as Prisma.ProductFindManyArgs);
  switch (type) {
    case "best_sellers":
      return find({ orderBy: [{ stock: "asc" }, { createdAt: "desc" }, { id: "asc" }], take: SECTION_PRODUCTS });
    case "random": {
      const pool = await find({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: RANDOM_POOL });
      return shuffle(pool, random).slice(0, RANDOM_KEEP).slice(0, SECTION_PRODUCTS);
    }
    default:
      return find({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: SECTION_PRODUCTS });
  }
}

/** Fisher–Yates: every order equally likely (sort(() => Math.random() - 0.5) is biased). */
export function shuffle<T>(items: T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
