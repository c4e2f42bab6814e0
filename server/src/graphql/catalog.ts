// Catalogue: categories and products for the storefront.
import { builder } from "./builder.ts";
import { percentOff } from "../../../common/pricing.ts";
import {
  MAX_PAGE_SIZE,
  productOrder,
  productWhere,
  facetsFromSizeCounts,
  sizeCounts,
  sizeCountsKey,
  type ProductFacets,
  type ProductFilter,
  type ProductSort,
  PRODUCT_PAGE,
} from "../modules/catalog/catalog.service.ts";
import { pageWindow } from "../modules/paging.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { Context } from "./context.ts";

builder.prismaObject("Category", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    main: t.exposeString("main"),
  }),
});

builder.prismaObject("Product", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    price: t.expose("price", { type: "Money" }),
    originalPrice: t.expose("originalPrice", { type: "Money", nullable: true }),
    percentOff: t.int({
      nullable: true,
      resolve: (product) => percentOff(product.price.toString(), product.originalPrice?.toString()),
    }),
    imageUrl: t.exposeString("imageUrl", { nullable: true }),
    galleryUrls: t.exposeStringList("galleryUrls"),
    size: t.exposeString("size", { nullable: true }),
    stock: t.exposeInt("stock"),
    description: t.exposeString("description", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    category: t.relation("category", { nullable: true }),
  }),
});

const ProductSortEnum = builder.enumType("ProductSort", {
  values: {
    NEWEST: { description: "Default: newest first" },
    PRICE_ASC: { description: "Price: Low to High" },
    PRICE_DESC: { description: "Price: High to Low" },
  } as const,
});

const ProductFilterInput = builder.inputType("ProductFilter", {
  fields: (t) => ({
    category: t.string({ required: false, description: "Main or sub category slug, e.g. ladies or ladies-tops" }),
    categoryIds: t.idList({ required: false }),
    size: t.string({ required: false }),
    search: t.string({ required: false, description: "Case-insensitive match on name and description" }),
    excludeIds: t.idList({ required: false }),
  }),
});

interface ProductPageShape {
  where: Prisma.ProductWhereInput;
  orderBy: Prisma.ProductOrderByWithRelationInput[];
  skip: number;
  take: number;
  filter: ProductFilter;
  /** totalCount and sizes come from one query, started by whichever field resolves first. */
  facets?: Promise<ProductFacets>;
}

// The size counts of a filter are the same for every page, sort and size of it: kept per catalogue version.
const facetsOf = (page: ProductPageShape, ctx: Context) =>
  (page.facets ??= ctx.catalogueMemo
    .get(`sizeCounts:${sizeCountsKey(page.filter)}`, () => sizeCounts(ctx.prisma, page.filter))
    .then((groups) => facetsFromSizeCounts(groups, page.filter.size)));

const ProductPage = builder.objectRef<ProductPageShape>("ProductPage").implement({
  fields: (t) => ({
    items: t.prismaField({
      type: ["Product"],
      authScopes: { public: true },
      resolve: (query, page, _args, ctx) =>
        ctx.prisma.product.findMany({ ...query, where: page.where, orderBy: page.orderBy, skip: page.skip, take: page.take }),
    }),
    totalCount: t.int({ authScopes: { public: true }, resolve: async (page, _args, ctx) => (await facetsOf(page, ctx)).totalCount }),
    sizes: t.stringList({
      authScopes: { public: true },
      description: "Sizes present in the filtered category (ignoring the size filter), for the size select",
      resolve: async (page, _args, ctx) => (await facetsOf(page, ctx)).sizes,
    }),
  }),
});

builder.queryFields((t) => ({
  categories: t.prismaField({
    type: ["Category"],
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.category.findMany({ ...query, orderBy: { name: "asc" } }),
  }),
  products: t.field({
    type: ProductPage,
    authScopes: { public: true },
    description: `Products matching a filter, sorted and paged on the server (at most ${MAX_PAGE_SIZE} a page).`,
    args: {
      filter: t.arg({ type: ProductFilterInput, required: false }),
      sort: t.arg({ type: ProductSortEnum, required: false, defaultValue: "NEWEST" }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
      limit: t.arg.int({ required: false, defaultValue: 24 }),
    },
    resolve: (_root, args) => {
      const filter: ProductFilter = args.filter ?? {};
      return {
        where: productWhere(filter),
        orderBy: productOrder((args.sort ?? "NEWEST") as ProductSort),
        ...pageWindow(args.offset, args.limit, PRODUCT_PAGE),
        filter,
      };
    },
  }),
  product: t.prismaField({
    type: "Product",
    nullable: true,
    authScopes: { public: true },
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, { slug }, ctx) => ctx.prisma.product.findUnique({ ...query, where: { slug } }),
  }),
}));
