// The shared response cache: anonymous catalogue answers are reused (the Age header marks an answer
// served from the cache), every committed catalogue write drops them on every instance, and nothing
// that depends on the viewer is ever stored or served to someone else.
import { ADMIN_EMAIL, ADMIN_PASSWORD, GraphQLClient, startPeerStore, startTestStore, type TestStore } from "../helpers/store.ts";
import { details, placeOrder, signedUp, ADD_TO_CART, CART } from "../helpers/shopper.ts";
import { testDbMode } from "../helpers/databases.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { stockLine } from "../helpers/page-text.ts";
import { CATALOGUE_CHANNEL } from "../../server/src/cache/catalogue-version.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const NEWEST = `query Newest { products(limit: 12) { totalCount items { id name stock onHold price } } }`;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function post(url: string, query: string, variables: Record<string, unknown> = {}, cookie?: string | null): Promise<Answer> {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const fromCache = (answer: Answer) => answer.headers.get("age") !== null;

/** How long a change may take to reach the other instance here before the test gives up. Its
 *  target (well under 1 s, by NOTIFY) is a benchmark's to measure: on a loaded CI machine (load
 *  average 9) a 1 s deadline failed a correct store (issue 39). The tests check that the change
 *  arrives and how (joined in, not rendered), polling until this generous deadline. */
const ARRIVES_WITHIN_MS = 20_000;

/** Asks until check passes; fails if it has not by the deadline (ARRIVES_WITHIN_MS). */
async function soon(ask: () => Promise<Answer>, check: (answer: Answer) => boolean): Promise<Answer> {
  const ms = ARRIVES_WITHIN_MS;
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await ask();
    if (check(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`Still stale after ${ms} ms: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const names = (answer: Answer) => answer.body.data.products.items.map((p: { name: string }) => p.name);

describe("shared response cache", () => {
  it("answers a repeated anonymous listing from the cache, whatever the document's spacing", async () => {
    const first = await post(t.url, NEWEST);
    expect(first.body.errors).toBeUndefined();
    const second = await post(t.url, NEWEST);
    expect(fromCache(second)).toBe(true);
    expect(second.body).toEqual(first.body);
    const respaced = await post(t.url, `query Newest {\n  products(limit: 12) {\n    totalCount\n    items { id name stock onHold price }\n  }\n}`);
    expect(fromCache(respaced)).toBe(true);
    // Other variables are another answer.
    const other = await post(t.url, `query($l: Int) { products(limit: $l) { items { id } } }`, { l: 3 });
    expect(fromCache(other)).toBe(false);
    expect(other.body.data.products.items).toHaveLength(3);
  });

  it("serves an edit made by an admin on the next read of the same instance", async () => {
    const admin = await t.admin();
    const product = await makeProduct(t.prisma, { stock: 3 });
    const before = await soon(() => post(t.url, NEWEST), (a) => names(a).includes(product.name));
    expect(fromCache(await post(t.url, NEWEST))).toBe(true);
    const renamed = `${product.name} (renamed)`;
    const result = await admin.data(
      `mutation($id: ID!, $input: AdminProductInput!) { updateProduct(id: $id, input: $input) { __typename ... on Error { message } } }`,
      { id: product.id, input: { name: renamed, price: "12500.00", stock: 3, size: "M" } },
    );
    expect(result.updateProduct.__typename).toBe("MutationUpdateProductSuccess");
    const after = await post(t.url, NEWEST);
    expect(names(after)).toContain(renamed);
    expect(names(after)).not.toContain(product.name);
    expect(names(before)).toContain(product.name);
  });

  it("drops cached answers on a write made straight in the database (a trigger notifies, no code path can forget)", async () => {
    const product = await makeProduct(t.prisma, { stock: 2 });
    await soon(() => post(t.url, NEWEST), (a) => names(a).includes(product.name));
    expect(fromCache(await post(t.url, NEWEST))).toBe(true);
    await t.prisma.product.update({ where: { id: product.id }, data: { stock: 0 } });
    const after = await soon(() => post(t.url, NEWEST), (a) =>
      a.body.data.products.items.some((p: { id: string; stock: number }) => p.id === product.id && p.stock === 0),
    );
    expect(after.body.data.products.items.find((p: { id: string }) => p.id === product.id).stock).toBe(0);
  });

  it("a listing's total and size options follow a change to the catalogue (they are kept per catalogue version)", async () => {
    const LISTING = `query($filter: ProductFilter, $sort: ProductSort) { products(filter: $filter, sort: $sort, limit: 2) { totalCount sizes } }`;
    const filter = { category: "unisex" };
    const before = (await t.client().data(LISTING, { filter })).products;
    // Another sort of the same filter shares the kept total.
    expect((await t.client().data(LISTING, { filter, sort: "PRICE_ASC" })).products).toEqual(before);
    const category = await t.prisma.category.findFirstOrThrow({ where: { slug: "unisex" } });
    await t.prisma.product.create({
      data: { name: "Facet probe", slug: `facet-probe-${Date.now()}`, price: "1000.00", stock: 1, size: "Size-Probe", categoryId: category.id },
    });
    const after = (await t.client().data(LISTING, { filter, sort: "PRICE_DESC" })).products;
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.sizes).toContain("Size-Probe");
    expect((await t.client().data(LISTING, { filter: { ...filter, size: "size-probe" } })).products.totalCount).toBe(1);
  });

  it("a sale keeps the kept answers and joins the new stock in; an answer whose products are chosen by stock (offers) is computed again", async () => {
    // The only discounted piece in stock: the one special offer with the least stock.
    await t.prisma.product.updateMany({ data: { originalPrice: null } });
    const offer = await makeProduct(t.prisma, { stock: 1, price: "5000.00" });
    await t.prisma.product.update({ where: { id: offer.id }, data: { originalPrice: "9000.00" } });
    await t.store.catalogue.sync();
    const OFFERS = `{ specialOffers { id stock } }`;
    expect((await post(t.url, OFFERS)).body.data.specialOffers.map((p: { id: string }) => p.id)).toEqual([offer.id]);
    expect(fromCache(await post(t.url, OFFERS))).toBe(true);
    await soon(() => post(t.url, NEWEST), (a) => names(a).includes(offer.name) && fromCache(a));
    const order = await placeOrder(t.client(), { ...details(), items: [{ productId: offer.id, quantity: 1 }] });
    expect(order.__typename).toBe("MutationPlaceOrderSuccess");
    // The listing is still the kept answer, with the sold piece's new stock in it.
    const listing = await post(t.url, NEWEST);
    expect(fromCache(listing)).toBe(true);
    expect(listing.body.data.products.items.find((p: { id: string }) => p.id === offer.id)).toMatchObject({ stock: 0, onHold: true });
    // A sold-out piece is no offer: that answer is computed again.
    const offers = await post(t.url, OFFERS);
    expect(fromCache(offers)).toBe(false);
    expect(offers.body.data.specialOffers).toEqual([]);
    // An answer showing stock without the product's id cannot have values joined in: computed again too.
    const ANONYMOUS_STOCK = `{ products(limit: 12) { items { name stock } } }`;
    await post(t.url, ANONYMOUS_STOCK);
    expect(fromCache(await post(t.url, ANONYMOUS_STOCK))).toBe(true);
    await t.prisma.product.update({ where: { id: offer.id }, data: { stock: 4 } });
    await t.store.catalogue.sync();
    const anonymous = await post(t.url, ANONYMOUS_STOCK);
    expect(fromCache(anonymous)).toBe(false);
    expect(anonymous.body.data.products.items.find((p: { name: string }) => p.name === offer.name).stock).toBe(4);
  });

  it("an edit of a product's price and stock together shows the new stock on its kept page: the board forgets the count it held", async () => {
    const piece = await makeProduct(t.prisma, { stock: 3, price: "5000.00" });
    const pageOf = async () => stockLine(await (await fetch(`${t.url}/products/${piece.slug}`)).text());
    const order = await placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
    expect(order.__typename).toBe("MutationPlaceOrderSuccess");
    expect(await pageOf()).toBe("2 items available");
    // One save of the product (a structural change, not a stock-only one): no count is sent for it.
    await t.prisma.product.update({ where: { id: piece.id }, data: { price: "6000.00", stock: 7 } });
    await t.store.catalogue.sync();
    expect(await pageOf()).toBe("7 items available");
    expect(await pageOf()).toBe("7 items available");
  });

  it("never stores or shares an answer that depends on the viewer", async () => {
    const ada = await signedUp(t);
    const bola = await signedUp(t);
    const product = await makeProduct(t.prisma, { stock: 5 });
    await ada.data(ADD_TO_CART, { productId: product.id, quantity: 2 });
    const VIEWER = `{ viewer { email } }`;
    for (let i = 0; i < 2; i++) {
      const adaViewer = await post(t.url, VIEWER, {}, ada.cookie);
      const bolaViewer = await post(t.url, VIEWER, {}, bola.cookie);
      expect(adaViewer.body.data.viewer.email).not.toBe(bolaViewer.body.data.viewer.email);
      for (const answer of [adaViewer, bolaViewer]) {
        expect(fromCache(answer)).toBe(false);
        expect(answer.headers.get("cache-control")).toBe("private, no-store");
      }
      const adaCart = await post(t.url, CART, {}, ada.cookie);
      const bolaCart = await post(t.url, CART, {}, bola.cookie);
      expect(adaCart.body.data.cart).toHaveLength(1);
      expect(bolaCart.body.data.cart).toHaveLength(0);
      expect(fromCache(bolaCart)).toBe(false);
    }
    // A catalogue read mixed with one viewer field is not shared either.
    const MIXED = `{ products(limit: 2) { items { id } } viewer { email } }`;
    await post(t.url, MIXED, {}, ada.cookie);
    const mixedForBola = await post(t.url, MIXED, {}, bola.cookie);
    expect(fromCache(mixedForBola)).toBe(false);
    expect(mixedForBola.body.data.viewer.email).not.toBe((await post(t.url, VIEWER, {}, ada.cookie)).body.data.viewer.email);
    expect(mixedForBola.headers.get("cache-control")).toBe("private, no-store");
  });

  it("never serves an admin's answer to anybody else, even for public types", async () => {
    const admin = await t.admin();
    const ADMIN_PRODUCTS = `{ adminProducts(limit: 2) { id name } }`;
    const asAdmin = await post(t.url, ADMIN_PRODUCTS, {}, admin.cookie);
    expect(asAdmin.body.data.adminProducts).toHaveLength(2);
    const again = await post(t.url, ADMIN_PRODUCTS, {}, admin.cookie);
    expect(fromCache(again)).toBe(false);
    const anonymous = await post(t.url, ADMIN_PRODUCTS);
    expect(anonymous.body.data).toBeNull();
    expect(anonymous.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("lets a signed-in shopper share the public catalogue answers", async () => {
    const shopper = await signedUp(t);
    await post(t.url, NEWEST);
    const answer = await post(t.url, NEWEST, {}, shopper.cookie);
    expect(answer.body.errors).toBeUndefined();
    expect(fromCache(answer)).toBe(true);
  });
});

// PostgreSQL only (the embedded project has no second instance / no planner to inspect): defined
// there alone rather than reported as skipped.
if (testDbMode() === "postgres") describe("two server instances on one PostgreSQL database", () => {
  let peer: Awaited<ReturnType<typeof startPeerStore>>;
  beforeAll(async () => {
    peer = await startPeerStore(t);
  });
  afterAll(() => peer?.close());

  const cachedOn = async (url: string, product: { name: string }) => {
    // Until the instance answers from its cache with the product in it (the test's own writes
    // before this may still be on their way to it).
    return soon(() => post(url, NEWEST), (a) => names(a).includes(product.name) && fromCache(a));
  };

  it("an edit through instance A changes instance B's cached listing", async () => {
    const product = await makeProduct(t.prisma, { stock: 4 });
    await cachedOn(peer.url, product);
    const admin = await t.admin();
    const renamed = `${product.name} (edited on A)`;
    const result = await admin.data(
      `mutation($id: ID!, $input: AdminProductInput!) { updateProduct(id: $id, input: $input) { __typename } }`,
      { id: product.id, input: { name: renamed, price: "9000.00", stock: 4, size: "M" } },
    );
    expect(result.updateProduct.__typename).toBe("MutationUpdateProductSuccess");
    const onB = await soon(() => post(peer.url, NEWEST), (a) => names(a).includes(renamed));
    expect(names(onB)).not.toContain(product.name);
  });

  it("a product sold through instance A shows sold (stock 0, on hold) in instance B's cached listing", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    await cachedOn(peer.url, product);
    const guest = t.client();
    const order = await placeOrder(guest, { ...details(), items: [{ productId: product.id, quantity: 1 }] });
    expect(order.__typename).toBe("MutationPlaceOrderSuccess");
    const onB = await soon(() => post(peer.url, NEWEST), (a) =>
      a.body.data.products.items.some((p: { id: string; stock: number }) => p.id === product.id && p.stock === 0),
    );
    expect(onB.body.data.products.items.find((p: { id: string }) => p.id === product.id)).toMatchObject({ stock: 0, onHold: true });
  });

  it("a piece sold through instance A stops being offered on instance B's server-rendered pages, and B keeps its other answers", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const other = await makeProduct(t.prisma, { stock: 3 });
    await cachedOn(peer.url, product);
    const pageOf = async (slug: string) => {
      const res = await fetch(`${peer.url}/products/${slug}`);
      return { cache: res.headers.get("x-page-cache"), html: await res.text() };
    };
    await soon(async () => ({ status: 200, headers: new Headers(), body: await pageOf(product.slug) }), (a) => stockLine(a.body.html) === "1 item available");
    await pageOf(other.slug);
    expect((await pageOf(other.slug)).cache).toBe("hit");
    const order = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] });
    expect(order.__typename).toBe("MutationPlaceOrderSuccess");
    const sold = await soon(async () => ({ status: 200, headers: new Headers(), body: await pageOf(product.slug) }), (a) => a.body.html.includes("Out of stock"));
    expect(sold.body.html).toContain("On hold");
    const listing = await soon(() => post(peer.url, NEWEST), (a) =>
      a.body.data.products.items.some((p: { id: string; stock: number }) => p.id === product.id && p.stock === 0),
    );
    // Joined into B's kept listing, not computed again; the other piece's page is still the kept one.
    expect(fromCache(listing)).toBe(true);
    expect((await pageOf(other.slug)).cache).toBe("hit");
  });

  it("a sale through instance A that leaves more than one reaches instance B's kept product page, joined in, not rendered", async () => {
    const product = await makeProduct(t.prisma, { stock: 3 });
    const pageOf = async () => {
      const res = await fetch(`${peer.url}/products/${product.slug}`);
      return { cache: res.headers.get("x-page-cache"), html: await res.text() };
    };
    // Wait until B keeps the page (a loaded machine may answer a render or two first).
    await soon(async () => ({ status: 200, headers: new Headers(), body: await pageOf() }), (a) => stockLine(a.body.html) === "3 items available" && a.body.cache === "hit");
    const order = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] });
    expect(order.__typename).toBe("MutationPlaceOrderSuccess");
    const sold = await soon(async () => ({ status: 200, headers: new Headers(), body: await pageOf() }), (a) => stockLine(a.body.html) === "2 items available");
    expect(sold.body.cache).toBe("hit");
    // Its data block too: the browser's cache starts from the same count.
    expect(sold.body.html).toContain(`"id":"${product.id}"`);
    expect(sold.body.html).toMatch(new RegExp(`"id":"${product.id}"[^}]*"stock":2`));
  });

  it("a change made while an instance's LISTEN connection was cut is not served stale once it reconnects", async () => {
    const product = await makeProduct(t.prisma, { stock: 2 });
    await cachedOn(peer.url, product);
    // Cut every LISTEN connection of this database (as a failover would), then change the product
    // at once: the NOTIFY goes to nobody.
    const [{ n }] = await t.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'listen:${CATALOGUE_CHANNEL}'`,
    );
    expect(n).toBe(2);
    const renamed = `${product.name} (changed unheard)`;
    await t.prisma.product.update({ where: { id: product.id }, data: { name: renamed } });
    const onB = await soon(() => post(peer.url, NEWEST), (a) => names(a).includes(renamed));
    expect(names(onB)).not.toContain(product.name);
    // And B caches again once it listens again.
    await soon(() => post(peer.url, NEWEST), (a) => fromCache(a) && names(a).includes(renamed));
  });

  it("a product deleted on instance B disappears from instance A's cached listing", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    await cachedOn(t.url, product);
    const admin = new GraphQLClient(peer.url);
    await admin.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const result = await admin.data(`mutation($id: ID!) { deleteProduct(id: $id) { __typename } }`, { id: product.id });
    expect(result.deleteProduct.__typename).toBe("MutationDeleteProductSuccess");
    await soon(() => post(t.url, NEWEST), (a) => !names(a).includes(product.name));
  });
});
