// Catalogue: categories and products for the storefront.
import { builder } from "./builder.ts";
import { percentOff } from "../modules/catalog/discount.ts";
import {
  MAX_PAGE_SIZE,
  ProductListing,
  type ProductFilter,
  type ProductSort,
  PRODUCT_PAGE,
} from "../modules/catalog/catalog.service.ts";
import { searchWords } from "../modules/catalog/product-search.ts";
import { findProductBySlug } from "../modules/catalog/product-slugs.ts";
import { pageWindow } from "../modules/paging.ts";
import { CONDITIONS, CONDITION_LABEL } from "../../../common/condition.ts";
import { MEASUREMENTS } from "../../../common/measurements.ts";
import type { Product } from "../generated/prisma/client.ts";
import { CONDITION_EXPLANATION } from "../../../common/condition-scale.ts";

export const ProductConditionEnum = builder.enumType("ProductCondition", {
  description: "How worn a pre-loved item is, on the shop's fixed scale (best first).",
  values: Object.fromEntries(
    CONDITIONS.map((c) => [c, { description: `${CONDITION_LABEL[c]}: ${CONDITION_EXPLANATION[c]}` }]),
  ) as Record<(typeof CONDITIONS)[number], { description: string }>,
});

const cm = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());

const ProductMeasurements = builder.objectRef<Product>("ProductMeasurements").implement({
  description: "Garment measurements in centimetres, laid flat; each null when not measured or not applicable.",
  fields: (t) =>
    Object.fromEntries(
      MEASUREMENTS.map(({ key, label }) => [
        key,
        t.float({
          nullable: true,
          authScopes: { public: true },
          description: `${label} in centimetres`,
          resolve: (p) => cm(p[`${key}Cm`]),
        }),
      ]),
    ),
});

const BaleDetails = builder.objectRef<Product>("BaleDetails").implement({
  description: "What is in a bale (products in the Bales category); each null when not given.",
  fields: (t) => ({
    pieces: t.int({ nullable: true, authScopes: { public: true }, description: "Pieces in the bale", resolve: (p) => p.balePieces }),
    weightKg: t.float({ nullable: true, authScopes: { public: true }, description: "Weight in kilograms", resolve: (p) => cm(p.baleWeightKg) }),
    grade: t.string({ nullable: true, authScopes: { public: true }, description: "Grade as the supplier states it, e.g. Grade A", resolve: (p) => p.baleGrade }),
    mix: t.string({ nullable: true, authScopes: { public: true }, description: "What it holds, e.g. ladies' tops, summer", resolve: (p) => p.baleMix }),
  }),
});

builder.prismaObject("Category", {
  description: "A shop category (e.g. Ladies › Tops); subcategories share a main category.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Category id (UUID)" }),
    name: t.exposeString("name", { description: "Display name, e.g. Tops" }),
    slug: t.exposeString("slug", { description: "URL slug, e.g. ladies-tops" }),
    main: t.exposeString("main", { description: "Slug of the main category it belongs to, e.g. ladies" }),
  }),
});

builder.prismaObject("Product", {
  description: "A pre-loved clothing item for sale (public).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Product id (UUID)" }),
    name: t.exposeString("name", { description: "Display name" }),
    slug: t.exposeString("slug", { description: "Current URL slug, used at /products/<slug>" }),
    price: t.expose("price", { type: "Money", description: "Selling price in naira" }),
    originalPrice: t.expose("originalPrice", { type: "Money", nullable: true, description: "Price before discount in naira; null when not discounted" }),
    percentOff: t.int({
      nullable: true,
      description: "Whole-percent discount from originalPrice to price; null when not discounted",
      resolve: (product) => percentOff(product.price.toString(), product.originalPrice?.toString()),
    }),
    imageUrl: t.exposeString("imageUrl", { nullable: true, description: "Main photo URL; null when none uploaded" }),
    galleryUrls: t.exposeStringList("galleryUrls", { description: "Further photo URLs, in display order" }),
    size: t.exposeString("size", { nullable: true, description: "Size label as on the item, e.g. M or UK 10" }),
    stock: t.exposeInt("stock", { description: "Pieces available to order now (0 = sold out)" }),
    description: t.exposeString("description", { nullable: true, description: "Seller's description (plain text)" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the product was listed" }),
    goesLiveAt: t.expose("goesLiveAt", {
      type: "DateTime",
      nullable: true,
      description: "Drops: when it goes on sale; shoppers never see a product before then, so only admins see a future time. Null: on sale since listed",
    }),
    category: t.relation("category", { nullable: true, description: "Its category; null when uncategorised" }),
    condition: t.expose("condition", { type: ProductConditionEnum, nullable: true, description: "Condition grade; null when not graded yet" }),
    conditionLabel: t.string({
      nullable: true,
      description: "The grade's name as shoppers read it, e.g. Like new; null when not graded yet",
      resolve: (p) => (p.condition ? CONDITION_LABEL[p.condition] : null),
    }),
    flawNotes: t.exposeString("flawNotes", { nullable: true, description: "The seller's notes on flaws (plain text); null when none" }),
    flawPhotoUrls: t.exposeStringList("flawPhotoUrls", { description: "Close-up photo URLs of the flaws, shown apart from the gallery" }),
    measurements: t.field({
      type: ProductMeasurements,
      nullable: true,
      select: { pitToPitCm: true, lengthCm: true, shoulderCm: true, sleeveCm: true, waistCm: true, hipsCm: true, inseamCm: true },
      description: "Garment measurements in centimetres; null when none was measured",
      resolve: (p) => (MEASUREMENTS.some(({ key }) => p[`${key}Cm`] !== null) ? (p as Product) : null),
    }),
    bale: t.field({
      type: BaleDetails,
      nullable: true,
      select: { balePieces: true, baleWeightKg: true, baleGrade: true, baleMix: true },
      description: "Bale details; null for anything but a bale with details given",
      resolve: (p) => (p.balePieces !== null || p.baleWeightKg !== null || p.baleGrade !== null || p.baleMix !== null ? (p as Product) : null),
    }),
  }),
});

const ProductSortEnum = builder.enumType("ProductSort", {
  description: "Order of a product listing.",
  values: {
    RELEVANCE: { description: "Best matches first (a search's default; without a search, newest first)" },
    NEWEST: { description: "Newest first (the default without a search)" },
    PRICE_ASC: { description: "Price: Low to High" },
    PRICE_DESC: { description: "Price: High to Low" },
  } as const,
});

const ProductFilterInput = builder.inputType("ProductFilter", {
  description: "Which products a listing shows; all given conditions must hold.",
  fields: (t) => ({
    category: t.string({ required: false, description: "Main or sub category slug, e.g. ladies or ladies-tops" }),
    categoryIds: t.idList({ required: false, description: "Only these category ids (UUIDs)" }),
    size: t.string({ required: false, description: "Only this exact size label, e.g. M" }),
    search: t.string({
      required: false,
      description: "Words found in the name or description, in any order; letter case, accents and apostrophes ignored, small typos forgiven",
    }),
    excludeIds: t.idList({ required: false, description: "Leave out these product ids (UUIDs), e.g. the product being viewed" }),
    deals: t.boolean({ required: false, description: "Only discounted products (an original price above the price)" }),
    inStock: t.boolean({ required: false, description: "Only products with stock left (suggestions never offer a sold-out piece)" }),
    condition: t.field({ type: ProductConditionEnum, required: false, description: "Only products of this condition grade" }),
  }),
});

const ProductPage = builder.objectRef<ProductListing>("ProductPage").implement({
  description: "One page of a product listing with the totals for the whole filter.",
  fields: (t) => ({
    items: t.prismaField({
      type: ["Product"],
      description: "Products on this page, in the requested order",
      authScopes: { public: true },
      resolve: (query, listing) => listing.items(query),
    }),
    totalCount: t.int({ authScopes: { public: true }, description: "Products matching the filter across all pages", resolve: async (listing) => (await listing.facets()).totalCount }),
    sizes: t.stringList({
      authScopes: { public: true },
      description: "Sizes present in the filtered category (ignoring the size filter), for the size select",
      resolve: async (listing) => (await listing.facets()).sizes,
    }),
  }),
});

builder.queryFields((t) => ({
  categories: t.prismaField({
    type: ["Category"],
    description: "All categories, by name (public).",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.category.findMany({ ...query, orderBy: { name: "asc" } }),
  }),
  products: t.field({
    type: ProductPage,
    authScopes: { public: true },
    description: `Products matching a filter, sorted and paged on the server (at most ${MAX_PAGE_SIZE} a page).`,
    args: {
      filter: t.arg({ type: ProductFilterInput, required: false, description: "Conditions; none lists every product" }),
      sort: t.arg({ type: ProductSortEnum, required: false, description: "Default: RELEVANCE when searching, NEWEST otherwise" }),
      offset: t.arg.int({ required: false, defaultValue: 0, description: "Products to skip (0 = first page)" }),
      limit: t.arg.int({ required: false, defaultValue: 24, description: `Page size, 1 to ${MAX_PAGE_SIZE}` }),
    },
    resolve: (_root, args, ctx) => {
      const filter: ProductFilter = args.filter ?? {};
      searchWords(filter.search); // refuses a search text that is too long before anything runs
      return new ProductListing(ctx, ctx.catalogueMemo, filter, (args.sort ?? null) as ProductSort | null, pageWindow(args.offset, args.limit, PRODUCT_PAGE));
    },
  }),
  product: t.prismaField({
    type: "Product",
    nullable: true,
    authScopes: { public: true },
    description:
      "The product at /products/<slug>; a slug the product had before a rename finds it too (its slug field is the current one). Null for a product whose drop has not gone live yet.",
    args: { slug: t.arg.string({ required: true, description: "Current or former product slug" }) },
    resolve: async (query, _root, { slug }, ctx) => {
      const found = await findProductBySlug(ctx.prisma, slug, { visibleAt: new Date() }, (where) => ctx.prisma.product.findFirst({ ...query, where }));
      return found?.product ?? null;
    },
  }),
}));
