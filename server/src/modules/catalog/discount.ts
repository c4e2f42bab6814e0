// The one rule of "discounted" (the Deals filter, the home page's offers, the "% off" on a price, the
// feeds' sale price): a product whose original price is above its price. An original price equal to
// or below the price is no saving, whatever the admin typed, so the product is never shown as a deal
// or with "0% off".
// Each read path uses one of these forms, the Prisma one, the same condition in SQL for the raw
// listing queries, or the in-memory one (in common/pricing.ts, shared with the client), so the rule
// cannot drift.
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";

export { isDiscounted, percentOff } from "../../../../common/pricing.ts";

/** Discounted products, as a Prisma condition (the price comparison needs the client's field reference). */
export function discounted(prisma: Db): Prisma.ProductWhereInput {
  return { originalPrice: { gt: prisma.product.fields.price } };
}

/** discounted as SQL for queries on `products p`. */
export function discountedSql(alias = "p"): Prisma.Sql {
  return Prisma.raw(`${alias}.original_price > ${alias}.price`);
}
