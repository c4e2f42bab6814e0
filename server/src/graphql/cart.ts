// Cart: the signed-in shopper's server cart, and the products of a guest cart read by id list.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { addToCart, guestCartProductIds, removeCartItem, updateCartItem } from "../modules/cart/cart.service.ts";
import { visibleNow } from "../modules/catalog/visibility.ts";

export const GuestCartLineInput = builder.inputType("GuestCartLineInput", {
  description: "One line of the browser's guest cart (localStorage guestCart).",
  fields: (t) => ({
    productId: t.id({ required: true, description: "Product id (UUID)" }),
    quantity: t.int({ required: true, description: "Pieces wanted, at least 1" }),
  }),
});

builder.prismaObject("CartItem", {
  description: "A line in the signed-in shopper's cart (visible to its owner only).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Cart line id (UUID)" }),
    quantity: t.exposeInt("quantity", { description: "Pieces wanted (never above the product's stock when set)" }),
    product: t.relation("product", { description: "The product, with its current price and stock" }),
  }),
});

builder.queryFields((t) => ({
  cart: t.withAuth({ customer: true }).prismaField({
    type: ["CartItem"],
    description: "The signed-in shopper's cart, oldest line first.",
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.cartItem.findMany({ ...nonEmptySelect(query), where: { userId: ctx.viewer.userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  }),
  cartProducts: t.prismaField({
    type: ["Product"],
    description: "The products of a guest cart (browser storage), with current prices and stock, in one query; products whose drop has not gone live are left out.",
    authScopes: { public: true },
    args: { ids: t.arg.idList({ required: true, description: "Product ids (UUIDs) from the guest cart; unknown ids are left out" }) },
    resolve: (query, _root, { ids }, ctx) =>
      ctx.prisma.product.findMany({ ...nonEmptySelect(query), where: { id: { in: guestCartProductIds(ids.map(String)) }, ...visibleNow() } }),
  }),
}));

builder.mutationFields((t) => ({
  addToCart: t.withAuth({ customer: true }).prismaField({
    type: "CartItem",
    description: "Adds to the signed-in shopper's cart; a product already there is incremented (never above its stock).",
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      productId: t.arg.id({ required: true, description: "Product id (UUID)" }),
      quantity: t.arg.int({ required: true, description: "Pieces to add, at least 1" }),
    },
    resolve: async (query, _root, args, ctx) => {
      const item = await addToCart(ctx.prisma, ctx.viewer.userId, String(args.productId), args.quantity);
      return ctx.prisma.cartItem.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: item.id } });
    },
  }),
  updateCartItem: t.withAuth({ customer: true }).prismaField({
    type: "CartItem",
    description: "Sets the quantity of a line in the signed-in shopper's cart (not above the product's stock).",
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      itemId: t.arg.id({ required: true, description: "Cart line id (UUID), from cart" }),
      quantity: t.arg.int({ required: true, description: "New quantity, at least 1" }),
    },
    resolve: async (query, _root, args, ctx) => {
      const item = await updateCartItem(ctx.prisma, ctx.viewer.userId, String(args.itemId), args.quantity);
      return ctx.prisma.cartItem.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: item.id } });
    },
  }),
  removeCartItem: t.withAuth({ customer: true }).id({
    description: "Removes a line from the signed-in shopper's cart; answers the removed id.",
    errors: { types: [NotFoundError] },
    args: { itemId: t.arg.id({ required: true, description: "Cart line id (UUID), from cart" }) },
    resolve: (_root, args, ctx) => removeCartItem(ctx.prisma, ctx.viewer.userId, String(args.itemId)),
  }),
}));
