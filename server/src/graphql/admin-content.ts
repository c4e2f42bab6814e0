// Admin: customer reviews and homepage sections (types defined by the home schema file).
import { builder } from "./builder.ts";
import { nonEmptySelect } from "./prisma-query.ts";
import { SectionTypeEnum } from "./home.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { NotFoundError, ValidationError } from "../modules/errors.ts";
import { createReview, deleteReview, updateReview } from "../modules/content/reviews.service.ts";
import { createSection, deleteSection, updateSection } from "../modules/content/sections.service.ts";

const ReviewInput = builder.inputType("AdminReviewInput", {
  description: "A customer review as the admin enters it.",
  fields: (t) => ({
    customerName: t.string({ required: true, description: "Name to show with the review" }),
    reviewText: t.string({ required: true, description: "The review (plain text)" }),
    rating: t.int({ required: false, description: "1 to 5 stars (default 5)" }),
    isFeatured: t.boolean({ required: false, description: "Default true" }),
    productId: t.id({ required: false, description: "Product id (UUID) reviewed; empty for a review of the shop" }),
  }),
});

const SectionInput = builder.inputType("AdminSectionInput", {
  description: "A homepage section as the admin enters it.",
  fields: (t) => ({
    title: t.string({ required: true, description: "Heading shown above the products" }),
    sectionType: t.field({ type: SectionTypeEnum, required: false, description: "Default latest" }),
    description: t.string({ required: false, description: "Optional line under the heading" }),
    isActive: t.boolean({ required: false, description: "Default true" }),
    displayOrder: t.int({ required: false, description: "Default 0; lowest active shows on the home page" }),
  }),
});

const reviewInput = (input: typeof ReviewInput.$inferInput) => ({ ...input, productId: input.productId ? String(input.productId) : null });

builder.queryFields((t) => ({
  adminReviews: t.prismaField({
    type: ["CustomerReview"],
    description: "Every review with its product, newest first.",
    authScopes: { staff: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.customerReview.findMany({ ...query, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 500 }),
  }),
  adminHomepageSections: t.prismaField({
    type: ["HomepageSection"],
    description: "Every homepage section by display order.",
    authScopes: { admin: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.homepageSection.findMany({ ...query, orderBy: [{ displayOrder: "asc" }, { createdAt: "asc" }, { id: "asc" }], take: 200 }),
  }),
}));

builder.mutationFields((t) => ({
  createReview: t.prismaField({
    type: "CustomerReview",
    description: "Adds a customer review (admin).",
    authScopes: { staff: true },
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: ReviewInput, required: true, description: "The review" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const review = await createReview(ctx.prisma, actorOf(ctx.viewer), reviewInput(input));
      return ctx.prisma.customerReview.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: review.id } });
    },
  }),
  updateReview: t.prismaField({
    type: "CustomerReview",
    description: "Replaces a review's details (admin).",
    authScopes: { staff: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      id: t.arg.id({ required: true, description: "Review id (UUID)" }),
      input: t.arg({ type: ReviewInput, required: true, description: "The review's new details" }),
    },
    resolve: async (query, _root, { id, input }, ctx) => {
      const review = await updateReview(ctx.prisma, actorOf(ctx.viewer), String(id), reviewInput(input));
      return ctx.prisma.customerReview.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: review.id } });
    },
  }),
  deleteReview: t.id({
    description: "Deletes a review (admin); returns the deleted id.",
    authScopes: { staff: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true, description: "Review id (UUID)" }) },
    resolve: (_root, { id }, ctx) => deleteReview(ctx.prisma, actorOf(ctx.viewer), String(id)),
  }),
  createHomepageSection: t.prismaField({
    type: "HomepageSection",
    description: "Adds a homepage section (admin).",
    authScopes: { admin: true },
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: SectionInput, required: true, description: "The section" }) },
    resolve: async (query, _root, { input }, ctx) => {
      const section = await createSection(ctx.prisma, actorOf(ctx.viewer), input);
      return ctx.prisma.homepageSection.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: section.id } });
    },
  }),
  updateHomepageSection: t.prismaField({
    type: "HomepageSection",
    description: "Replaces a homepage section's settings (admin).",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      id: t.arg.id({ required: true, description: "Section id (UUID)" }),
      input: t.arg({ type: SectionInput, required: true, description: "The section's new settings" }),
    },
    resolve: async (query, _root, { id, input }, ctx) => {
      const section = await updateSection(ctx.prisma, actorOf(ctx.viewer), String(id), input);
      return ctx.prisma.homepageSection.findUniqueOrThrow({ ...nonEmptySelect(query), where: { id: section.id } });
    },
  }),
  deleteHomepageSection: t.id({
    description: "Deletes a homepage section (admin); returns the deleted id.",
    authScopes: { admin: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.id({ required: true, description: "Section id (UUID)" }) },
    resolve: (_root, { id }, ctx) => deleteSection(ctx.prisma, actorOf(ctx.viewer), String(id)),
  }),
}));
