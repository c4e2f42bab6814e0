// What the home page shows (SPEC §2 Home, §7 "Products and categories", §9 limits). Each block is
// one bounded query; the GraphQL layer adds the selected relations without N+1.
import type { HomepageSection, Prisma, Product } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { visibleNow } from "../catalog/visibility.ts";
import { discounted } from "../catalog/discount.ts";
import type { CatalogueMemo, StockChoice } from "../../cache/catalogue-memo.ts";

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

/** Latest 12 products on sale and in stock, newest first, but for those the block above shows. */
export function featuredProductsArgs(now = new Date(), shownAbove: string[] = []) {
  return {
    where: { ...offeredNow(now), ...notAmong(shownAbove) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }] satisfies Prisma.ProductOrderByWithRelationInput[],
    take: FEATURED_PRODUCTS,
  };
}

/** Three offers: products in stock and discounted (an original price above the price), the last
 *  pieces first (stock ascending, as the spec's call list orders them). A sold-out item is no offer. */
export function specialOffersArgs(prisma: Db, now = new Date(), shownAbove: string[] = []) {
  return {
    where: { ...offeredNow(now), ...discounted(prisma), ...notAmong(shownAbove) } satisfies Prisma.ProductWhereInput,
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

const notAmong = (ids: string[]) => (ids.length ? { id: { notIn: ids } } : {});

/** Which pieces the home page's blocks show, in page order: the active section, then Featured
 *  Products, then Special Offers. A piece is not shown again in the block right after the one that
 *  shows it (issue 40: "Fresh Drops This Week" and Featured Products showed the same six). */
export interface HomeChoice extends StockChoice {
  /** The active section (null: none). */
  active: HomepageSection | null;
  /** Its type: a random one makes every block after it random too. */
  sectionType: SectionType | null;
  section: string[];
  featured: string[];
  offers: string[];
}

/** The ids each block shows: the active section, then each block leaving out what the one above
 *  shows, except that Special Offers is never left empty while the shop has an offer (Featured
 *  Products gives way). `active`: the section already read (a random draw per request reuses the
 *  shared one's). */
export async function chooseHome(
  prisma: Db,
  generation: number,
  options: { random?: () => number; now?: Date; active?: HomepageSection | null } = {},
): Promise<HomeChoice> {
  const { random = Math.random, now = new Date() } = options;
  const active = options.active !== undefined ? options.active : await prisma.homepageSection.findFirst(activeSectionArgs());
  const sectionType = active?.sectionType ?? null;
  const section = sectionType ? (await sectionProducts(prisma, sectionType, { select: { id: true } }, random, now)).map((p) => p.id) : [];
  const ids = (args: Prisma.ProductFindManyArgs) => prisma.product.findMany({ ...args, select: { id: true } }).then((rows) => rows.map((p) => p.id));
  let featured = await ids(featuredProductsArgs(now, section));
  let offers = await ids(specialOffersArgs(prisma, now, featured));
  if (!offers.length) {
    // A small shop whose every discounted piece is among the newest twelve would show no offers at
    // all. Special Offers keeps them, and Featured Products gives them up instead (taking the next
    // newest where there are any): the offers show, and still no block repeats the one above it.
    const everyOffer = await ids(specialOffersArgs(prisma, now));
    if (everyOffer.length) {
      offers = everyOffer;
      featured = await ids(featuredProductsArgs(now, [...section, ...offers]));
    }
  }
  // Every structural change (a section edited, a product added) empties the memo, so the key need
  // only name what stock decides: which products each block holds, in what order.
  const key = sectionType === "random" ? null : JSON.stringify([active?.id ?? null, section, featured, offers]);
  return { key, generation, active, sectionType, section, featured, offers };
}

/**
 * The home page's choice as every request shares it (decision 026, addendum of 27 Nov 2026): made
 * once per stock board generation, not once per request, so a drop's stream of sales costs one
 * choice per batch of landed values however many shoppers ask. The caches keep what they made from
 * it (Apollo's answers, the rendered page) while its key stays the same, joining new counts in;
 * only a sale that changes which products are chosen makes the page be rendered again. A random
 * section is drawn per request (key null): nothing made from it is kept across a sale.
 */
export function sharedHomeChoice(prisma: Db, memo: CatalogueMemo): Promise<HomeChoice> {
  return memo.untilStockChanges("home choice", (generation) => chooseHome(prisma, generation));
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
