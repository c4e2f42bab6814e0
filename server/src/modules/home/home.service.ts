// What the home page shows (SPEC §2 Home, §7 "Products and categories", §9 limits). One bounded
// statement chooses every block's pieces; the GraphQL layer adds the selected relations without N+1.
import { Prisma, type HomepageSection } from "../../generated/prisma/client.ts";
import type { Db, SqlRunner } from "../../db/database.ts";
import { visibleNow, visibleNowSql } from "../catalog/visibility.ts";
import { discountedSql } from "../catalog/discount.ts";
import type { CatalogueMemo, StockChoice } from "../../cache/catalogue-memo.ts";

export const FEATURED_PRODUCTS = 12;
export const SPECIAL_OFFERS = 3;
export const FEATURED_REVIEWS = 4;
export const SECTION_PRODUCTS = 6;
/** The "random" section draws from this many products, keeps RANDOM_KEEP, and shows SECTION_PRODUCTS. */
export const RANDOM_POOL = 20;
export const RANDOM_KEEP = 12;

export type SectionType = "latest" | "best_sellers" | "random";

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
const offeredNowSql = (now: Date) => Prisma.sql`p.stock > 0 AND ${visibleNowSql(now)}`;
/** Newest first; the id breaks ties so the same pieces show on every request. */
const NEWEST = Prisma.sql`p.created_at DESC, p.id ASC`;
/** The last pieces first (stock ascending, as the spec's call list orders offers and best sellers). */
const FEWEST_LEFT = Prisma.sql`p.stock ASC, p.created_at DESC, p.id ASC`;

export function featuredReviewsArgs() {
  return {
    // A review of a product whose drop is not live yet would name it before its time (visibility.ts).
    where: { isFeatured: true, OR: [{ productId: null }, { product: visibleNow() }] } satisfies Prisma.CustomerReviewWhereInput,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }] satisfies Prisma.CustomerReviewOrderByWithRelationInput[],
    take: FEATURED_REVIEWS,
  };
}

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
  /** What the choice was made from, to tell which new stock values leave it as it is (choiceSurvives). */
  pools: ChoicePools;
}

/** The candidates the blocks were chosen from: every pooled id; those placed by how few are left
 *  (the offers' pool, a best-sellers section's); and the most left among them, when a pool was full
 *  (Infinity when one was not: any piece in stock could join it). */
interface ChoicePools {
  pooled: ReadonlySet<string>;
  byStock: ReadonlySet<string>;
  joinsAtOrBelow: number;
}

/** The database as the choice reads it: the active section through Prisma (kept until the catalogue
 *  changes, see sharedHomeChoice), the pieces in one statement on the driver. */
export interface HomeDb {
  prisma: Db;
  sql: SqlRunner;
}

/** The ids each block shows: the active section, then each block leaving out what the one above
 *  shows, except that Special Offers is never left empty while the shop has an offer (Featured
 *  Products gives way). `active`: the section already read (a random draw per request reuses the
 *  shared one's).
 *  One statement reads every block's candidates, enough of each for what the blocks above may take
 *  out (decision 026, night addendum of 27 Nov 2026: made on every landing during a drop, the four Prisma
 *  statements this replaced were a quarter of a core at 50 orders a second). */
export async function chooseHome(db: HomeDb, generation: number, options: { random?: () => number; now?: Date; active?: HomepageSection | null } = {}): Promise<HomeChoice> {
  const { random = Math.random, now = new Date() } = options;
  const active = options.active !== undefined ? options.active : await db.prisma.homepageSection.findFirst(activeSectionArgs());
  const sectionType = active?.sectionType ?? null;
  const bestSellers = sectionType === "best_sellers";
  const sectionLimit = sectionType === "random" ? RANDOM_POOL : sectionType ? SECTION_PRODUCTS : 0;
  const offersLimit = SPECIAL_OFFERS + FEATURED_PRODUCTS;
  // Featured Products may lose the section's pieces and the offers' to the blocks around it; the
  // offers, Featured Products' twelve. A pool placed by stock also says the most left in it, if full.
  const [pools] = await db.sql<{ section: string[]; newest: string[]; offers: string[]; sectionMost: number | null; offersMost: number | null }>(Prisma.sql`
    WITH section AS MATERIALIZED (SELECT p.id, p.stock, p.created_at FROM products p WHERE ${offeredNowSql(now)}
           ORDER BY ${bestSellers ? FEWEST_LEFT : NEWEST} LIMIT ${sectionLimit}),
         offers AS MATERIALIZED (SELECT p.id, p.stock, p.created_at FROM products p WHERE ${offeredNowSql(now)} AND ${discountedSql()}
           ORDER BY ${FEWEST_LEFT} LIMIT ${offersLimit})
    SELECT
      ARRAY(SELECT p.id::text FROM section p ORDER BY ${bestSellers ? FEWEST_LEFT : NEWEST}) AS section,
      ARRAY(SELECT p.id::text FROM products p WHERE ${offeredNowSql(now)} ORDER BY ${NEWEST}
            LIMIT ${FEATURED_PRODUCTS + SECTION_PRODUCTS + SPECIAL_OFFERS}) AS newest,
      ARRAY(SELECT p.id::text FROM offers p ORDER BY ${FEWEST_LEFT}) AS offers,
      (SELECT max(stock) FROM section HAVING count(*) = ${sectionLimit}) AS "sectionMost",
      (SELECT max(stock) FROM offers HAVING count(*) = ${offersLimit}) AS "offersMost"`);
  const section = sectionType === "random" ? shuffle(pools!.section, random).slice(0, RANDOM_KEEP).slice(0, SECTION_PRODUCTS) : pools!.section;
  const except = (ids: string[], shown: string[], take: number) => ids.filter((id) => !shown.includes(id)).slice(0, take);
  let featured = except(pools!.newest, section, FEATURED_PRODUCTS);
  let offers = except(pools!.offers, featured, SPECIAL_OFFERS);
  if (!offers.length && pools!.offers.length) {
    // A small shop whose every discounted piece is among the newest twelve would show no offers at
    // all. Special Offers keeps them, and Featured Products gives them up instead (taking the next
    // newest where there are any): the offers show, and still no block repeats the one above it.
    offers = pools!.offers.slice(0, SPECIAL_OFFERS);
    featured = except(pools!.newest, [...section, ...offers], FEATURED_PRODUCTS);
  }
  // Every structural change (a section edited, a product added) empties the memo, so the key need
  // only name what stock decides: which products each block holds, in what order.
  const key = sectionType === "random" ? null : JSON.stringify([active?.id ?? null, section, featured, offers]);
  const most = (value: number | null) => value ?? Number.POSITIVE_INFINITY;
  const pooled: ChoicePools = {
    pooled: new Set([...pools!.section, ...pools!.newest, ...pools!.offers]),
    byStock: new Set([...pools!.offers, ...(bestSellers ? pools!.section : [])]),
    joinsAtOrBelow: Math.max(most(pools!.offersMost), bestSellers ? most(pools!.sectionMost) : Number.NEGATIVE_INFINITY),
  };
  return { key, generation, active, sectionType, section, featured, offers, pools: pooled };
}

/**
 * Whether new stock values for `ids` leave the choice as it was made: the pools hold pieces in
 * stock, newest first or fewest left first. A piece placed by how few are left moves with any
 * change; another pooled piece stays while it is in stock with more left than a full stock-placed
 * pool holds (it could join that pool otherwise); a piece outside the pools changes nothing once
 * it has none left (it may be back in stock otherwise, and newer than the pooled). Unknown values
 * change it.
 */
export function choiceSurvives(choice: HomeChoice, ids: readonly string[], stockOf: (id: string) => number | undefined): boolean {
  const { pooled, byStock, joinsAtOrBelow } = choice.pools;
  return ids.every((id) => {
    const stock = stockOf(id);
    if (stock === undefined || byStock.has(id)) return false;
    return pooled.has(id) ? stock > 0 && stock > joinsAtOrBelow : stock <= 0;
  });
}

/**
 * The home page's choice as every request shares it (decision 026, addendum of 27 Nov 2026): made
 * once per stock board generation, not once per request, so a drop's stream of sales costs one
 * choice per batch of landed values however many shoppers ask. The caches keep what they made from
 * it (Apollo's answers, the rendered page) while its key stays the same, joining new counts in;
 * only a sale that changes which products are chosen makes the page be rendered again. A random
 * section is drawn per request (key null): nothing made from it is kept across a sale. The active
 * section changes only with the catalogue: it is read once per catalogue version.
 */
export function sharedHomeChoice(db: HomeDb, memo: CatalogueMemo): Promise<HomeChoice> {
  return memo.untilStockChanges(
    "home choice",
    async (generation) => chooseHome(db, generation, { active: await memo.get("home section", () => db.prisma.homepageSection.findFirst(activeSectionArgs())) }),
    choiceSurvives,
  );
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
