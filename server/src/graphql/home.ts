// Home page: the active homepage section, featured products, special offers and featured reviews.
// The CustomerReview and HomepageSection types live here; admin queries and mutations for them are
// added by the admin schema file, referring to these types by name.
import { builder } from "./builder.ts";
import { notCacheable } from "./cache-policy.ts";
import {
  featuredProductsArgs,
  featuredReviewsArgs,
  homeChoice,
  specialOffersArgs,
  SECTION_PRODUCTS,
  type HomeChoice,
} from "../modules/home/home.service.ts";
import type { Context } from "./context.ts";

/** The home blocks' choice, once per request (home.service.ts). */
const choices = new WeakMap<Context, HomeChoice>();
function choiceOf(ctx: Context): HomeChoice {
  let choice = choices.get(ctx);
  if (!choice) choices.set(ctx, (choice = homeChoice(ctx.prisma)));
  return choice;
}

/** The ids shown by the block above, read for the block below; a random section makes the blocks
 *  after it random too: such an answer is not cached either. */
async function shownAbove(ctx: Context, block: "section" | "featured"): Promise<string[]> {
  const choice = choiceOf(ctx);
  if ((await choice.sectionType) === "random") notCacheable(ctx);
  return choice[block];
}

/** Rows by id, in the order of the ids. */
async function inOrder<T extends { id: string }>(ids: string[], rows: Promise<T[]>): Promise<T[]> {
  const byId = new Map((await rows).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const SectionTypeEnum = builder.enumType("SectionType", {
  description: "How a homepage section picks its products",
  values: {
    latest: { description: "Newest first" },
    best_sellers: { description: "Stock ascending" },
    random: { description: `Random from the newest 20, ${SECTION_PRODUCTS} shown` },
  } as const,
});

builder.prismaObject("CustomerReview", {
  description: "A customer's review, entered by an admin; featured ones show on the home page.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Review id (UUID)" }),
    customerName: t.exposeString("customerName", { description: "Name shown with the review" }),
    rating: t.exposeInt("rating", { description: "Stars, 1 to 5" }),
    reviewText: t.exposeString("reviewText", { description: "The review itself (plain text)" }),
    isFeatured: t.exposeBoolean("isFeatured", { description: "Shown on the home page when true" }),
    product: t.relation("product", { nullable: true, description: "Product reviewed; null for a review of the shop" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the review was added" }),
  }),
});

builder.prismaObject("HomepageSection", {
  description: "A product strip on the home page, managed by admins.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "Section id (UUID)" }),
    sectionType: t.expose("sectionType", { type: SectionTypeEnum, description: "How its products are picked" }),
    title: t.exposeString("title", { description: "Heading shown above the products" }),
    description: t.exposeString("description", { nullable: true, description: "Optional line under the heading" }),
    isActive: t.exposeBoolean("isActive", { description: "Only active sections can show on the home page" }),
    displayOrder: t.exposeInt("displayOrder", { description: "Lower shows first" }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the section was created" }),
    products: t.prismaField({
      type: ["Product"],
      description: `Up to ${SECTION_PRODUCTS} products chosen by the section type`,
      authScopes: { public: true },
      resolve: async (query, section, _args, ctx) => {
        // A random pick frozen in a cache would not be random: such a home page is not cached.
        if (section.sectionType === "random") notCacheable(ctx);
        const ids = await choiceOf(ctx).section;
        return inOrder(ids, ctx.prisma.product.findMany({ ...query, where: { id: { in: ids } } }));
      },
    }),
  }),
});

builder.queryFields((t) => ({
  activeHomepageSection: t.prismaField({
    type: "HomepageSection",
    nullable: true,
    description: "The active homepage section with the lowest display order, if any",
    authScopes: { public: true },
    // Read once with the blocks' choice (a section has no relations for `query` to ask for).
    resolve: (_query, _root, _args, ctx) => choiceOf(ctx).active,
  }),
  featuredProducts: t.prismaField({
    type: ["Product"],
    description: "The latest 12 products in stock, but for those the active homepage section shows",
    authScopes: { public: true },
    resolve: async (query, _root, _args, ctx) => ctx.prisma.product.findMany({ ...query, ...featuredProductsArgs(new Date(), await shownAbove(ctx, "section")) }),
  }),
  specialOffers: t.prismaField({
    type: ["Product"],
    description: "Three discounted products in stock, fewest left first, but for those Featured Products shows",
    authScopes: { public: true },
    resolve: async (query, _root, _args, ctx) => ctx.prisma.product.findMany({ ...query, ...specialOffersArgs(ctx.prisma, new Date(), await shownAbove(ctx, "featured")) }),
  }),
  featuredReviews: t.prismaField({
    type: ["CustomerReview"],
    description: "Up to 4 featured reviews, newest first",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.customerReview.findMany({ ...query, ...featuredReviewsArgs() }),
  }),
}));
