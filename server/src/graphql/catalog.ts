// Catalogue: categories and products for the storefront.
import { builder } from "./builder.ts";
import { percentOff } from "../../../common/pricing.ts";
import {
  MAX_PAGE_SIZE,
  facetsFromSizeCounts,
  productPage,
  sizeCounts,
  sizeCountsKey,
  type ProductFacets,
  type ProductFilter,
  type ProductSort,
  PRODUCT_PAGE,
} from "../modules/catalog/catalog.service.ts";
import { searchWords } from "../modules/catalog/product-search.ts";
import { pageWindow } from "../modules/paging.ts";
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
    RELEVANCE: { description: "Best matches first (a search's default; without a search, newest first)" },
    NEWEST: { description: "Newest first (the default without a search)" },
    PRICE_ASC: { description: "Price: Low to High" },
    PRICE_DESC: { description: "Price: High to Low" },
  } as const,
});

const ProductFilterInput = builder.inputType("ProductFilter", {
  fields: (t) => ({
    category: t.string({ required: false, description: "Main or sub category slug, e.g. ladies or ladies-tops" }),
    categoryIds: t.idList({ required: false }),
    size: t.string({ required: false }),
    search: t.string({
      required: false,
      description: "Words found in the name or description, in any order; letter case, accents and apostrophes ignored, small typos forgiven",
    }),
    excludeIds: t.idList({ required: false }),
    deals: t.boolean({ required: false, description: "Only discounted products (an original price above the price)" }),
  }),
});

interface ProductPageShape {
  sort: ProductSort | null;
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
      resolve: (query, page, _args, ctx) => productPage(ctx.prisma, query, page.filter, page.sort, { skip: page.skip, take: page.take }),
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
      sort: t.arg({ type: ProductSortEnum, required: false, description: "Default: RELEVANCE when searching, NEWEST otherwise" }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
      limit: t.arg.int({ required: false, defaultValue: 24 }),
    },
    resolve: (_root, args) => {
      const filter: ProductFilter = args.filter ?? {};
      searchWords(filter.search); // refuses a search text that is too long before anything runs
      return {
        sort: (args.sort ?? null) as ProductSort | null,
        ...pageWindow(args.offset, args.limit, PRODUCT_PAGE),
        filter,
      };
    },
  }),
  product: t.prismaField({
    type: "Product",
    nullable: true,
    authScopes: { public: true },
    description: "The product at /products/<slug>; a slug the product had before a rename finds it too (its slug field is the current one).",
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (query, _root, { slug }, ctx) => {
      const current = await ctx.prisma.product.findUnique({ ...query, where: { slug } });
      if (current) return current;
      const past = await ctx.prisma.productSlug.findUnique({ where: { slug }, select: { productId: true } });
      return past ? ctx.prisma.product.findUnique({ ...query, where: { id: past.productId } }) : null;
    },
  }),
}));
