// A drop's "out of stock" refusals answered before Apollo (graphql/sold-out-answers.ts; issue 39):
// the shopper gets exactly what GraphQL would send, and anything else still goes to placeOrder.
// PostgreSQL only (jest.config.js): the rules live above the database, and the comparison needs a
// second instance on the same database with the short path off.
import { randomUUID } from "node:crypto";
import { startStore } from "../../server/src/server.ts";
import { openDatabase } from "../../server/src/db/database.ts";
import { loadTrustedDocuments } from "../../server/src/cache/trusted-documents.ts";
import { closeStoreNow, startTestStore, type TestStore } from "../helpers/store.ts";
import { details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { precheckTogether } from "../../server/src/modules/orders/write-order.ts";

const TOKEN = "sold-out-metrics-token";
/** The browser's checkout document as it sends it (with Apollo Client's __typename fields). */
const CHECKOUT = [...loadTrustedDocuments().values()].find((text) => text.includes("mutation CheckoutPlaceOrder"))!;

let t: TestStore;
let apolloOnly: { url: string; close(): Promise<void> };
beforeAll(async () => {
  t = await startTestStore({ seed: false, env: { METRICS_TOKEN: TOKEN } });
  const db = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: null });
  const store = await startStore({ ...t.config, port: 0, soldOutAnswers: false }, { db });
  apolloOnly = { url: store.url, close: async () => (await closeStoreNow(store), await db.close()) };
});
afterAll(async () => {
  await apolloOnly?.close();
  await t?.close();
});

/** What Apollo Client 4 sends (its HTTP link's default): Apollo Server answers it in
 *  application/graphql-response+json. */
const BROWSER_ACCEPT = "application/graphql-response+json,application/json;q=0.9";

const checkout = (url: string, input: Record<string, unknown>, headers: Record<string, string> = {}, query = CHECKOUT) =>
  fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: BROWSER_ACCEPT, ...headers },
    body: JSON.stringify({ operationName: /mutation (\w+)/.exec(query)![1], query, variables: { input } }),
  });

const answeredBeforeApollo = async () => {
  const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return Number(/^graphql_sold_out_answers_total (\d+)/m.exec(text)![1]);
};

/** A one-off sold to a first shopper, with the store's stock board told (as after any sale). */
async function soldPiece() {
  const piece = await makeProduct(t.prisma, { name: `Drop piece ${randomUUID().slice(0, 6)}`, stock: 1 });
  const winner = { ...details(), idempotencyKey: `winner-${randomUUID()}`, items: [{ productId: piece.id, quantity: 1 }] };
  expect((await placeOrder(t.client(), winner)).__typename).toBe("MutationPlaceOrderSuccess");
  await t.store.catalogue.sync();
  return { piece, winner };
}

describe("a drop's sold-out checkouts", () => {
  it("are refused before Apollo with the very bytes and headers Apollo sends for the browser's document", async () => {
    const { piece } = await soldPiece();
    const input = { ...details(), idempotencyKey: `late-${randomUUID()}`, items: [{ productId: piece.id, quantity: 1 }] };
    const before = await answeredBeforeApollo();
    const short = await checkout(t.url, input);
    const full = await checkout(apolloOnly.url, { ...input, idempotencyKey: `late-${randomUUID()}` });
    expect(await answeredBeforeApollo()).toBe(before + 1);
    const body = await short.text();
    expect(JSON.parse(body).data.placeOrder).toEqual({ __typename: "InsufficientStockError", message: `${piece.name} is out of stock`, productId: piece.id, available: 0 });
    expect(body).toBe(await full.text());
    expect(short.status).toBe(full.status);
    for (const header of ["content-type", "cache-control", "content-length", "vary", "etag", "set-cookie"]) {
      expect([header, short.headers.get(header)]).toEqual([header, full.headers.get(header)]);
    }
    expect(await t.prisma.order.count({ where: { idempotencyKey: input.idempotencyKey } })).toBe(0);
  });

  it("get what Apollo gives them when the document is over the limits, names a field __proto__, or the client takes no JSON", async () => {
    const { piece } = await soldPiece();
    const input = () => ({ ...details(), idempotencyKey: `odd-${randomUUID()}`, items: [{ productId: piece.id, quantity: 1 }] });
    const before = await answeredBeforeApollo();
    const wide = `mutation Wide($input: PlaceOrderInput!) { placeOrder(input: $input) { ... on InsufficientStockError { ${Array.from({ length: 201 }, (_, n) => `m${n}: message`).join(" ")} } } }`;
    const tooWide = await checkout(t.url, input(), {}, wide);
    expect([tooWide.status, (await tooWide.json()).errors[0].extensions.code]).toEqual([400, "QUERY_TOO_COMPLEX"]);
    const html = await checkout(t.url, input(), { accept: "text/html" });
    expect(html.status).toBe(406);
    expect(await answeredBeforeApollo()).toBe(before);
    const proto = `mutation Proto($input: PlaceOrderInput!) { placeOrder(input: $input) { ... on InsufficientStockError { __proto__: message available } } }`;
    const [short, full] = await Promise.all([checkout(t.url, input(), {}, proto), checkout(apolloOnly.url, input(), {}, proto)]);
    expect(await answeredBeforeApollo()).toBe(before + 1);
    expect(await short.text()).toBe(await full.text());
  });

  it("leave to placeOrder a retry of the order that took the piece, a field to fix first, and a signed-in shopper", async () => {
    const { piece, winner } = await soldPiece();
    const before = await answeredBeforeApollo();
    // The winner's browser retrying after a lost answer gets its order, not "out of stock".
    const retried = (await (await checkout(t.url, winner)).json()).data.placeOrder;
    expect(retried.__typename).toBe("MutationPlaceOrderSuccess");
    expect(retried.data.order.items).toEqual([expect.objectContaining({ productName: piece.name })]);
    // placeOrder checks the details before the stock.
    const typo = (await (await checkout(t.url, { ...details({ phone: "12" }), idempotencyKey: `typo-${randomUUID()}`, items: [{ productId: piece.id, quantity: 1 }] })).json()).data.placeOrder;
    expect(typo).toMatchObject({ __typename: "ValidationError", field: "phone" });
    // A signed-in shopper orders the server cart (empty here), whatever lines the page sends.
    const client = await signedUp(t);
    const signedIn = await client.request(CHECKOUT, { input: { ...details(), idempotencyKey: `cart-${randomUUID()}`, items: [{ productId: piece.id, quantity: 1 }] } });
    expect((signedIn.data as { placeOrder: { __typename: string } }).placeOrder.__typename).not.toBe("InsufficientStockError");
    expect(await answeredBeforeApollo()).toBe(before);
  });

  it("are prechecked together: the checkouts of one moment in one read, each with its own answer", async () => {
    const { piece, winner } = await soldPiece();
    const other = await makeProduct(t.prisma, { stock: 3 });
    const check = precheckTogether(t.store.db.sql);
    t.queries.length = 0;
    const answers = await Promise.all([
      check(`late-${randomUUID()}`, [{ productId: piece.id, quantity: 1 }]),
      check(winner.idempotencyKey, winner.items),
      check(`other-${randomUUID()}`, [{ productId: other.id, quantity: 2 }]),
      check(`many-${randomUUID()}`, [{ productId: other.id, quantity: 4 }]),
    ]);
    expect(answers.map((answer) => [answer.retried, answer.soldOut?.available ?? null])).toEqual([
      [false, 0],
      [true, 0],
      [false, null],
      [false, 3],
    ]);
    expect(t.queries.filter((statement) => statement.includes("idempotency_key = ANY"))).toHaveLength(1);
  });
});
