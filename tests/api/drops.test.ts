// Drops (decision 020): a product scheduled to go live later is invisible to shoppers at every route
// until its time (listing, search, product page by slug and by past slug, related, home, offers,
// guest cart, add to cart, checkout) while admins still see it.
import { randomUUID } from "node:crypto";
import { startPeerStore, startTestStore, type TestStore } from "../helpers/store.ts";
import { testDbMode } from "../helpers/databases.ts";
import { ADD_TO_CART, details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { toLagosDateTimeInput } from "../../common/lagos-time-input.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const HOUR = 3600_000;
const NOT_LIVE = "This item is not on sale yet. It goes live with its drop.";

async function category() {
  const slug = `drops-${randomUUID().slice(0, 6)}`;
  return t.prisma.category.create({ data: { name: `Drops - ${slug}`, slug, main: "unisex" } });
}

/** A live product and a product of a drop an hour ahead, alike in everything else (same words, category, discount). */
async function liveAndScheduled(word = `zobo${randomUUID().slice(0, 6)}`) {
  const cat = await category();
  const base = { price: "9000.00", originalPrice: "15000.00", stock: 3, size: "M", categoryId: cat.id, description: `Vintage ${word} wrapper` };
  const live = await t.prisma.product.create({ data: { ...base, name: `Live ${word} shirt`, slug: `live-${word}` } });
  const hidden = await t.prisma.product.create({
    data: { ...base, name: `Drop ${word} shirt`, slug: `drop-${word}`, goesLiveAt: new Date(Math.ceil((Date.now() + HOUR) / 60_000) * 60_000) },
  });
  return { cat, live, hidden, word };
}

const ids = (items: { id: string }[]) => items.map((p) => p.id);

describe("a product whose drop has not gone live", () => {
  it("is left out of the listing, its total and sizes, search, a category, deals and related items", async () => {
    const { cat, live, hidden, word } = await liveAndScheduled();
    const shopper = t.client();
    const listing = `query($filter: ProductFilter) { products(filter: $filter, limit: 48) { totalCount sizes items { id } } }`;
    const all = await shopper.data(listing, { filter: {} });
    expect(ids(all.products.items)).toContain(live.id);
    expect(ids(all.products.items)).not.toContain(hidden.id);

    const search = await shopper.data(listing, { filter: { search: word } });
    expect(ids(search.products.items)).toEqual([live.id]);
    expect(search.products.totalCount).toBe(1);

    const inCategory = await shopper.data(listing, { filter: { categoryIds: [cat.id] } });
    expect(ids(inCategory.products.items)).toEqual([live.id]);
    expect(inCategory.products.totalCount).toBe(1);

    const deals = await shopper.data(listing, { filter: { deals: true } });
    expect(ids(deals.products.items)).toContain(live.id);
    expect(ids(deals.products.items)).not.toContain(hidden.id);

    // Related items (the cart's "Shop Related Products"): same category, the viewed product left out.
    const related = await shopper.data(listing, { filter: { categoryIds: [cat.id], excludeIds: [live.id] } });
    expect(related.products.items).toEqual([]);
    expect(related.products.totalCount).toBe(0);
  });

  it("has no product page by slug or by a past slug (not found, no redirect), in GraphQL and in the page HTML", async () => {
    const { hidden } = await liveAndScheduled();
    const admin = await t.admin();
    // A rename gives it a past slug.
    const renamed = await admin.data(
      `mutation($id: ID!, $input: AdminProductInput!) { updateProduct(id: $id, input: $input) { __typename ... on Error { message } ... on MutationUpdateProductSuccess { data { slug goesLiveAt } } } }`,
      {
        id: hidden.id,
        input: { name: `${hidden.name} renamed`, price: "9000", stock: 3, goesLiveAt: toLagosDateTimeInput(hidden.goesLiveAt!) },
      },
    );
    expect(renamed.updateProduct.__typename).toBe("MutationUpdateProductSuccess");
    const newSlug = renamed.updateProduct.data.slug;
    expect(renamed.updateProduct.data.goesLiveAt).toBe(hidden.goesLiveAt!.toISOString());
    const bySlug = `query($slug: String!) { product(slug: $slug) { id } }`;
    expect((await t.client().data(bySlug, { slug: newSlug })).product).toBeNull();
    expect((await t.client().data(bySlug, { slug: hidden.slug })).product).toBeNull();

    for (const slug of [newSlug, hidden.slug]) {
      const res = await fetch(`${t.url}/products/${slug}`, { redirect: "manual" });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(hidden.name);
    }
  });

  it("is left out of the home page's featured products, special offers and section, and of a guest cart", async () => {
    const { live, hidden } = await liveAndScheduled();
    await t.prisma.homepageSection.deleteMany();
    await t.prisma.homepageSection.create({ data: { sectionType: "latest", title: "Fresh in" } });
    const home = await t.client().data(
      `{ featuredProducts { id } specialOffers { id } activeHomepageSection { products { id } } }`,
    );
    // The live one is the newest: in the Latest section (and so not again in Featured Products).
    expect(ids(home.activeHomepageSection.products)).toContain(live.id);
    expect(ids(home.featuredProducts)).not.toContain(hidden.id);
    expect(ids(home.specialOffers)).not.toContain(hidden.id);
    expect(ids(home.activeHomepageSection.products)).not.toContain(hidden.id);
    const cart = await t.client().data(`query($ids: [ID!]!) { cartProducts(ids: $ids) { id } }`, { ids: [live.id, hidden.id] });
    expect(ids(cart.cartProducts)).toEqual([live.id]);
    // A guest's saved items (hearts) are read the same way.
    const saved = await t.client().data(`query($ids: [ID!]!) { productsByIds(ids: $ids) { id } }`, { ids: [live.id, hidden.id] });
    expect(ids(saved.productsByIds)).toEqual([live.id]);
  });

  it("cannot be added to a cart or bought: a clear message, and nothing changes", async () => {
    const { hidden } = await liveAndScheduled();
    const shopper = await signedUp(t);
    const added = await shopper.data(ADD_TO_CART, { productId: hidden.id, quantity: 1 });
    expect(added.addToCart).toEqual({ __typename: "ValidationError", message: NOT_LIVE });
    expect(await t.prisma.cartItem.count({ where: { productId: hidden.id } })).toBe(0);
    const hearted = await shopper.data(`mutation($id: ID!) { saveItem(productId: $id) { __typename ... on Error { message } } }`, { id: hidden.id });
    expect(hearted.saveItem).toEqual({ __typename: "NotFoundError", message: expect.any(String) });

    const guestOrder = await placeOrder(t.client(), { ...details(), items: [{ productId: hidden.id, quantity: 1 }] });
    expect(guestOrder).toEqual({ __typename: "ValidationError", message: NOT_LIVE });
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: hidden.id } })).stock).toBe(3);
    expect(await t.prisma.orderItem.count({ where: { productId: hidden.id } })).toBe(0);
  });

  it("admins still see it in their list with its time, and the admin may schedule it in Lagos time", async () => {
    const { hidden } = await liveAndScheduled();
    const admin = await t.admin();
    const { adminProducts } = await admin.data(`{ adminProducts(limit: 200) { id goesLiveAt } }`);
    expect(adminProducts).toContainEqual({ id: hidden.id, goesLiveAt: hidden.goesLiveAt!.toISOString() });

    const save = `mutation($input: AdminProductInput!) { createProduct(input: $input) { __typename ... on Error { message } ... on MutationCreateProductSuccess { data { id goesLiveAt } } } }`;
    const created = await admin.data(save, { input: { name: `Scheduled ${randomUUID().slice(0, 6)}`, price: "5,000", stock: 1, goesLiveAt: "2030-01-05T19:30" } });
    // 19:30 in Lagos is 18:30 UTC.
    expect(created.createProduct.data.goesLiveAt).toBe("2030-01-05T18:30:00.000Z");
    const before = await t.prisma.product.count();
    const bad = await admin.data(save, { input: { name: "Bad time", price: "5000", stock: 1, goesLiveAt: "next friday" } });
    expect(bad.createProduct).toEqual({ __typename: "ValidationError", message: "Goes live at must be a date and time in Lagos, e.g. 2026-11-26T19:00" });
    expect(await t.prisma.product.count()).toBe(before);
  });

  it("a featured review of it stays off the home page (it would name the product) until the drop", async () => {
    const { hidden } = await liveAndScheduled();
    const review = await t.prisma.customerReview.create({ data: { customerName: "Ada", reviewText: "Lovely fit", productId: hidden.id, isFeatured: true } });
    const reviews = `{ featuredReviews { id product { id name } } }`;
    expect(ids((await t.client().data(reviews)).featuredReviews)).not.toContain(review.id);
    await t.prisma.product.update({ where: { id: hidden.id }, data: { goesLiveAt: new Date(Date.now() - 1000) } });
    const after = (await t.client().data(reviews)).featuredReviews;
    expect(after.find((r: { id: string }) => r.id === review.id)?.product).toEqual({ id: hidden.id, name: hidden.name });
  });

  it("shows everywhere once its time has passed", async () => {
    const { hidden } = await liveAndScheduled();
    await t.prisma.product.update({ where: { id: hidden.id }, data: { goesLiveAt: new Date(Date.now() - 1000) } });
    const shopper = t.client();
    expect((await shopper.data(`query($slug: String!) { product(slug: $slug) { id } }`, { slug: hidden.slug })).product).toEqual({ id: hidden.id });
    const listing = await shopper.data(`{ products(limit: 48) { items { id } } }`);
    expect(ids(listing.products.items)).toContain(hidden.id);
    const buyer = await signedUp(t);
    const added = await buyer.data(ADD_TO_CART, { productId: hidden.id, quantity: 1 });
    expect(added.addToCart.__typename).toBe("MutationAddToCartSuccess");
  });
});


describe("cached catalogue answers and a drop going live", () => {
  const LISTING = `query DropListing { products(limit: 48) { totalCount items { id } } }`;

  async function ask(url: string) {
    const sent = Date.now();
    const res = await fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: LISTING }) });
    const body = (await res.json()) as { data: { products: { items: { id: string }[] } } };
    return { sent, received: Date.now(), cached: res.headers.get("age") !== null, ids: ids(body.data.products.items) };
  }

  /** How long after its time a drop may take to show here. Its target (well under 1 s) is a
   *  benchmark's: on a loaded CI machine timers fire late, and a 1 s deadline failed a correct store
   *  (issue 39). "Never before its time" is exact. */
  const SHOWN_WITHIN_MS = 10_000;

  /** Asks every instance in turn until each has shown the product; checks none shows it before its time
   *  and each shows it soon after (SHOWN_WITHIN_MS), although its answers before were served from its cache. */
  async function expectDropTurnsOver(urls: string[]) {
    const goesLiveAt = new Date(Date.now() + 2500);
    const product = await t.prisma.product.create({
      data: { name: `Timed drop ${randomUUID().slice(0, 6)}`, slug: `timed-${randomUUID().slice(0, 8)}`, price: "5000", stock: 1, goesLiveAt },
    });
    await t.store.catalogue.sync();
    const firstSeen = new Map<string, number>();
    const servedFromCacheBefore = new Set<string>();
    while (firstSeen.size < urls.length) {
      for (const url of urls) {
        if (firstSeen.has(url)) continue;
        const answer = await ask(url);
        if (answer.ids.includes(product.id)) {
          // Never before its time.
          expect(answer.received).toBeGreaterThanOrEqual(goesLiveAt.getTime());
          firstSeen.set(url, answer.sent);
        } else {
          // Hidden before the drop (from the cache, mostly), and not for long after.
          expect(answer.sent).toBeLessThan(goesLiveAt.getTime() + SHOWN_WITHIN_MS);
          if (answer.cached && answer.sent < goesLiveAt.getTime()) servedFromCacheBefore.add(url);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    for (const url of urls) {
      expect(servedFromCacheBefore.has(url)).toBe(true);
      expect(firstSeen.get(url)! - goesLiveAt.getTime()).toBeLessThan(SHOWN_WITHIN_MS);
    }
  }

  it("a cached listing shows the drop's product soon after its time, never before", async () => {
    await expectDropTurnsOver([t.url]);
  });

  // Two instances on one PostgreSQL: each turns over on its own clock, from the shared table.
  if (testDbMode() === "postgres") {
    it("…on every instance sharing one PostgreSQL database", async () => {
      const peer = await startPeerStore(t);
      try {
        await expectDropTurnsOver([t.url, peer.url]);
      } finally {
        await peer.close();
      }
    });
  }
});
