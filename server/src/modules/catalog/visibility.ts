// The one rule of what shoppers may see (decision 020, drops): a product scheduled for a drop is
// hidden everywhere a shopper could find it (listing, search, product page, related, home, offers,
// cart, checkout) until its goes_live_at has passed. Every storefront read path adds one of these
// two fragments, the Prisma one or the same condition in SQL for the raw search queries, so the
// rule cannot be written twice and drift. "now" is the server's clock, the same clock that bumps
// the cache's catalogue version at drop time (cache/drop-clock.ts).
import { Prisma } from "../../generated/prisma/client.ts";

/** Products on sale at `now`: not scheduled, or scheduled at or before `now`. */
export function visibleNow(now: Date = new Date()): Prisma.ProductWhereInput {
  return { OR: [{ goesLiveAt: null }, { goesLiveAt: { lte: now } }] };
}

/** visibleNow as SQL for queries on `products p`. */
export function visibleNowSql(now: Date = new Date(), alias = "p"): Prisma.Sql {
  const column = Prisma.raw(`${alias}.goes_live_at`);
  return Prisma.sql`(${column} IS NULL OR ${column} <= ${now})`;
}

/** Whether one product (already loaded) is on sale at `now`. */
export function isVisibleAt(product: { goesLiveAt: Date | null }, now: Date = new Date()): boolean {
  return product.goesLiveAt === null || product.goesLiveAt.getTime() <= now.getTime();
}

/** What shoppers read when they try to buy a product before its drop (its name is not repeated:
 *  whoever holds only its id learns nothing more). */
export const NOT_LIVE_YET = "This item is not on sale yet. It goes live with its drop.";
