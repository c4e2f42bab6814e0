// Product.onHold, batched per request.
import DataLoader from "dataloader";
import { createContextCache } from "@pothos/core";
import { builder } from "./builder.ts";
import type { Context } from "./context.ts";
import { productsOnHold } from "../modules/payments/holds.service.ts";

// "On hold": out of stock only because unpaid orders hold the last units; they may come back.
// A storefront listing's rows carry it already (its page query computes it, product-search.ts);
// any other product is looked up in one statement per request for all that asked (DataLoader), and
// only sold-out ones are. A failed statement rejects every field that asked. No `select` (here or on
// conditionLabel): Product rows are always loaded whole (the type declares no select), and a field
// select makes the Prisma plugin look up its loader mapping on every row (~7% of an uncached
// listing's throughput); on-hold-batching.test.ts asks these fields alone.
const onHoldLoader = createContextCache(
  (ctx: Context) =>
    new DataLoader<{ id: string; stock: number }, boolean, string>(
      async (products) => {
        const soldOut = products.filter((p) => p.stock <= 0).map((p) => p.id);
        const held = await productsOnHold(ctx.sql, soldOut);
        return products.map((p) => held.has(p.id));
      },
      { cacheKeyFn: (product) => product.id },
    ),
);

builder.prismaObjectField("Product", "onHold", (t) =>
  t.boolean({
    description: "Out of stock, but units are held by unpaid orders: the item may come back.",
    resolve: (product, _args, ctx) => {
      const known = (product as { onHold?: unknown }).onHold;
      return typeof known === "boolean" ? known : onHoldLoader(ctx).load(product);
    },
  }),
);
