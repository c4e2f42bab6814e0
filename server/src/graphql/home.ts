// Home page: the active homepage section, featured products, special offers and featured reviews.
// The CustomerReview and HomepageSection types live here; admin queries and mutations for them are
// added by the admin schema file, referring to these types by name.
import { builder } from "./builder.ts";
import { notCacheable } from "./cache-policy.ts";
import { chooseHome, featuredReviewsArgs, sharedHomeChoice, SECTION_PRODUCTS, type HomeChoice } from "../modules/home/home.service.ts";
import type { Context } from "./context.ts";

/** The home blocks' choice, one per request: the one shared until stock changes (home.service.ts),
 *  or, for a random section, a draw of the request's own. Pinned to the request, so that every
 *  block of an answer and the key the response cache files it under (response-cache.ts) come from
 *  the same choice, whatever lands meanwhile. */
const choices = new WeakMap<Context, Promise<HomeChoice>>();
export function homeChoiceOf(ctx: Context): Promise<HomeChoice> {
  let choice = choices.get(ctx);
  if (!choice) {
    choice = sharedHomeChoice(ctx, ctx.catalogueMemo).then((shared) =>
      shared.key !== null ? shared : chooseHome(ctx, shared.generation, { active: shared.active }),
    );
    choices.set(ctx, choice);
  }
  return choice;
}

/** The ids a block shows; a random section makes the blocks after it random too: such an answer is
 *  not cached either. */
async function shownIn(ctx: Context, block: "section" | "featured" | "offers"): Promise<string[]> {
  const choice = await homeChoiceOf(ctx);
  if (choice.sectionType === "random") notCacheable(ctx);
  return choice[block];
}

/** The block's products (with what the selection asks for), in the order chosen. */
async function productsOf<T extends { id: string }>(ctx: Context, block: "section" | "featured" | "offers", find: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const ids = await shownIn(ctx, block);
  if (!ids.length) return [];
  const byId = new Map((await find(ids)).map((row) => [row.id, row]));
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
        return productsOf(ctx, "section", (ids) => ctx.prisma.product.findMany({ ...query, where: { id: { in: ids } } }));
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
    resolve: async (_query, _root, _args, ctx) => (await homeChoiceOf(ctx)).active,
  }),
  featuredProducts: t.prismaField({
    type: ["Product"],
    description: "The latest 12 products in stock, but for those the active homepage section shows",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => productsOf(ctx, "featured", (ids) => ctx.prisma.product.findMany({ ...query, where: { id: { in: ids } } })),
  }),
  specialOffers: t.prismaField({
    type: ["Product"],
    description: "Three discounted products in stock, fewest left first, but for those Featured Products shows",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => productsOf(ctx, "offers", (ids) => ctx.prisma.product.findMany({ ...query, where: { id: { in: ids } } })),
  }),
  featuredReviews: t.prismaField({
    type: ["CustomerReview"],
    description: "Up to 4 featured reviews, newest first",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.customerReview.findMany({ ...query, ...featuredReviewsArgs() }),
  }),
}));
