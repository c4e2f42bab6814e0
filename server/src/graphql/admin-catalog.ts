// Admin: products (add, edit, delete) over the storefront's Product type.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { ADMIN_PAGE } from "../modules/admin/paging.ts";
import { pageWindow } from "../modules/paging.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { createProduct, deleteProduct, updateProduct } from "../modules/catalog/product-admin.ts";

export const ProductInputType = builder.inputType("AdminProductInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    slug: t.string({ required: false, description: "Empty: made from the name" }),
    price: t.string({ required: true, description: "Naira, e.g. 12500 or 12500.50" }),
    originalPrice: t.string({ required: false }),
    stock: t.int({ required: true }),
    categoryId: t.id({ required: false }),
    imageUrl: t.string({ required: false }),
    galleryUrls: t.stringList({ required: false, description: "Further images after imageUrl" }),
    size: t.string({ required: false }),
    description: t.string({ required: false }),
  }),
});

builder.queryFields((t) => ({
  adminProducts: t.prismaField({
    type: ["Product"],
    description: "Every product with its category, newest first (paged).",
    authScopes: { admin: true },
    args: {
      search: t.arg.string({ required: false }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
      limit: t.arg.int({ required: false, defaultValue: 100 }),
    },
    resolve: (query, _root, args, ctx) => {
      const { skip, take } = pageWindow(args.offset, args.limit, ADMIN_PAGE);
      const search = args.search?.trim().slice(0, 100);
      return ctx.prisma.product.findMany({
        ...query,
        where: search ? { OR: [{ name: { contains: search, mode: "insensitive" } }, { slug: { contains: search, mode: "insensitive" } }] } : {},
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        skip,
        take,
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  createProduct: t.prismaField({
    type: "Product",
    authScopes: { admin: true },
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: ProductInputType, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const product = await createProduct(ctx.prisma, actorOf(ctx.viewer), input);
      return ctx.prisma.product.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: product.id } });
    },
  }),
  updateProduct: t.prismaField({
    type: "Product",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProductInputType, required: true }) },
    resolve: async (query, _root, { id, input }, ctx) => {
      const product = await updateProduct(ctx.prisma, actorOf(ctx.viewer), String(id), input);
      return ctx.prisma.product.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: product.id } });
    },
  }),
  deleteProduct: t.id({
    description: "Deletes a product; past orders keep their item names and prices. Returns the deleted id.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => deleteProduct(ctx.prisma, actorOf(ctx.viewer), String(id)),
  }),
}));
