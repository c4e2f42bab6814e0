// Saved items (the heart): the signed-in shopper's list, and the products of a guest's list read by id.
import { builder } from "./builder.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { checkProductIds, mergeSavedItems, saveItem, unsaveItem } from "../modules/saved/saved.service.ts";
import { MAX_SAVED_ITEMS } from "../../../common/saved-items.ts";
import type { SignedInContext } from "./context.ts";
import { visibleNow } from "../modules/catalog/visibility.ts";

builder.prismaObject("SavedItem", {
  description: "A product the signed-in shopper saved (visible to its owner only). It stays when the item sells: its product then has stock 0 (onHold while unpaid orders hold it).",
  fields: (t) => ({
    product: t.relation("product", { description: "The product, with its current price, stock and onHold" }),
    savedAt: t.expose("createdAt", { type: "DateTime", description: "When it was first saved" }),
  }),
});

/** Pothos's selection plus the key column (an empty selection, for __typename alone, is refused by Prisma). */
function withKey<Q extends object>(query: Q, key: string): Q {
  const select = (query as { select?: object }).select;
  return select ? ({ ...query, select: { ...select, [key]: true } } as Q) : query;
}

const savedList = (query: object, ctx: SignedInContext) =>
  ctx.prisma.savedItem.findMany({
    ...withKey(query, "productId"),
    where: { userId: ctx.viewer.userId },
    orderBy: [{ createdAt: "desc" }, { productId: "asc" }],
  });

builder.queryFields((t) => ({
  savedItems: t.withAuth({ customer: true }).prismaField({
    type: ["SavedItem"],
    description: "The signed-in shopper's saved items, most recently saved first.",
    resolve: (query, _root, _args, ctx) => savedList(query, ctx),
  }),
  productsByIds: t.prismaField({
    type: ["Product"],
    description: `Products by id, in the order asked (public): a guest's saved items read from browser storage. Unknown ids are left out; at most ${MAX_SAVED_ITEMS} ids.`,
    authScopes: { public: true },
    args: { ids: t.arg.idList({ required: true, description: `Product ids (UUIDs), at most ${MAX_SAVED_ITEMS}; any other id is refused with a message` }) },
    resolve: async (query, _root, { ids }, ctx) => {
      const wanted = checkProductIds(ids.map(String), "ids");
      if (!wanted.length) return [];
      // A drop not yet live is left out like an unknown id (visibility.ts).
      const products = await ctx.prisma.product.findMany({ ...withKey(query, "id"), where: { id: { in: wanted }, ...visibleNow() } });
      const byId = new Map(products.map((p) => [p.id, p]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },
  }),
}));

builder.mutationFields((t) => ({
  saveItem: t.withAuth({ customer: true }).prismaField({
    type: "SavedItem",
    description: `Saves a product for the signed-in shopper; saving it again changes nothing. At most ${MAX_SAVED_ITEMS} items.`,
    errors: { types: [ValidationError, NotFoundError] },
    args: { productId: t.arg.id({ required: true, description: "Product id (UUID)" }) },
    resolve: async (query, _root, { productId }, ctx) => {
      await saveItem(ctx.prisma, ctx.viewer.userId, String(productId));
      return ctx.prisma.savedItem.findUniqueOrThrow({
        ...withKey(query, "productId"),
        where: { userId_productId: { userId: ctx.viewer.userId, productId: String(productId).toLowerCase() } },
      });
    },
  }),
  unsaveItem: t.withAuth({ customer: true }).id({
    description: "Removes a product from the signed-in shopper's saved items (not saved: nothing to do); answers the product id.",
    errors: { types: [ValidationError] },
    args: { productId: t.arg.id({ required: true, description: "Product id (UUID)" }) },
    resolve: (_root, { productId }, ctx) => unsaveItem(ctx.prisma, ctx.viewer.userId, String(productId)),
  }),
  mergeSavedItems: t.withAuth({ customer: true }).prismaField({
    type: ["SavedItem"],
    description: `Adds a guest's saved items (browser storage) to the signed-in shopper's, at sign-in; merging again adds nothing. Deleted products are skipped, and past ${MAX_SAVED_ITEMS} items the rest are left out. Answers the whole list.`,
    errors: { types: [ValidationError] },
    args: {
      productIds: t.arg.idList({ required: true, description: `Product ids (UUIDs), at most ${MAX_SAVED_ITEMS}; one bad id refuses the list and nothing is saved` }),
    },
    resolve: async (query, _root, { productIds }, ctx) => {
      await mergeSavedItems(ctx.prisma, ctx.viewer.userId, productIds.map(String));
      return savedList(query, ctx);
    },
  }),
}));
