// Admin: products (add, edit, delete) over the storefront's Product type.
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { ADMIN_PAGE } from "../modules/admin/paging.ts";
import { pageWindow } from "../modules/paging.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { ProductConditionEnum } from "./catalog.ts";
import { MEASUREMENTS } from "../../../common/measurements.ts";
import { createProduct, deleteProduct, updateProduct } from "../modules/catalog/product-admin.service.ts";

const MeasurementsInput = builder.inputType("ProductMeasurementsInput", {
  description: "Garment measurements in centimetres, laid flat (above 0, at most 250, one decimal at most); leave out what does not apply.",
  fields: (t) =>
    Object.fromEntries(MEASUREMENTS.map(({ key, label }) => [key, t.float({ required: false, description: `${label} in centimetres` })])),
});

const BaleInput = builder.inputType("BaleDetailsInput", {
  description: "What is in a bale; only for products in the Bales category.",
  fields: (t) => ({
    pieces: t.int({ required: false, description: "Pieces in the bale, 1 or more" }),
    weightKg: t.float({ required: false, description: "Weight in kilograms, e.g. 45.5" }),
    grade: t.string({ required: false, description: "Grade, e.g. Grade A (at most 40 characters)" }),
    mix: t.string({ required: false, description: "What it holds, e.g. ladies' tops, summer (at most 120 characters)" }),
  }),
});

export const ProductInputType = builder.inputType("AdminProductInput", {
  description: "A product as the admin enters it, for adding or editing. Editing changes the fields it names: a field left out keeps its value; null or empty clears it.",
  fields: (t) => ({
    name: t.string({ required: true, description: "Display name" }),
    slug: t.string({ required: false, description: "Empty: made from the name" }),
    price: t.string({ required: true, description: "Naira, e.g. 12500 or 12500.50" }),
    originalPrice: t.string({ required: false, description: "Naira before discount, above price; empty when not discounted" }),
    stock: t.int({ required: true, description: "Pieces available, 0 or more" }),
    categoryId: t.id({ required: false, description: "Category id (UUID); empty for none" }),
    imageUrl: t.string({ required: false, description: "Main photo URL from POST /api/uploads" }),
    galleryUrls: t.stringList({ required: false, description: "Further images after imageUrl" }),
    size: t.string({ required: false, description: "Size label, e.g. M or UK 10" }),
    description: t.string({ required: false, description: "Description for shoppers (plain text)" }),
    goesLiveAt: t.string({
      required: false,
      description: "Drops: Lagos date and time it goes on sale, YYYY-MM-DDTHH:mm (e.g. 2026-11-26T19:00); hidden from shoppers until then. Empty: on sale now",
    }),
    condition: t.field({ type: ProductConditionEnum, required: false, description: "Condition grade; empty leaves it ungraded" }),
    flawNotes: t.string({ required: false, description: "Flaws a shopper should know about (plain text)" }),
    flawPhotoUrls: t.stringList({ required: false, description: "Close-ups of the flaws, URLs from POST /api/uploads (at most 6)" }),
    measurements: t.field({ type: MeasurementsInput, required: false, description: "Garment measurements in centimetres" }),
    bale: t.field({ type: BaleInput, required: false, description: "Bale details (Bales category only)" }),
  }),
});

builder.queryFields((t) => ({
  adminProducts: t.prismaField({
    type: ["Product"],
    description: "Every product with its category, newest first (paged).",
    authScopes: { staff: true },
    args: {
      search: t.arg.string({ required: false, description: "Part of the name or slug, any letter case (first 100 characters used)" }),
      offset: t.arg.int({ required: false, defaultValue: 0, description: "Products to skip" }),
      limit: t.arg.int({ required: false, defaultValue: 100, description: `Page size, at most ${ADMIN_PAGE.maxLimit}` }),
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
    description: "Lists a new product (admin); recorded in the audit log.",
    authScopes: { staff: true },
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: ProductInputType, required: true, description: "The new product" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const product = await createProduct(ctx.prisma, actorOf(ctx.viewer), input);
      return ctx.prisma.product.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: product.id } });
    },
  }),
  updateProduct: t.prismaField({
    type: "Product",
    description: "Replaces a product's details (admin); a changed slug keeps the old one working.",
    authScopes: { staff: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      id: t.arg.id({ required: true, description: "Product id (UUID)" }),
      input: t.arg({ type: ProductInputType, required: true, description: "The product's new details" }),
      stockWas: t.arg.int({
        required: false,
        description: "The stock the edit started from: a sale since then is kept when the stock was left as it was, and refused when both changed it",
      }),
    },
    resolve: async (query, _root, { id, input, stockWas }, ctx) => {
      const product = await updateProduct(ctx.prisma, actorOf(ctx.viewer), String(id), input, stockWas);
      return ctx.prisma.product.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: product.id } });
    },
  }),
  deleteProduct: t.id({
    description: "Deletes a product (admin); past orders keep their item names and prices. Returns the deleted id.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true, description: "Product id (UUID)" }) },
    resolve: (_root, { id }, ctx) => deleteProduct(ctx.prisma, actorOf(ctx.viewer), String(id)),
  }),
}));
