import { getNamedType, isLeafType, isObjectType, Kind, parse, print, visit, type GraphQLObjectType, type SelectionSetNode } from "graphql";
import { requestStatements, startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, CART, details, placeOrder, signedUp, PLACE_ORDER } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { schema } from "../../server/src/graphql/schema.ts";
import { loadTrustedDocuments } from "../../server/src/cache/trusted-documents.ts";
import { SESSION_ENDED, placeOrder as placeOrderNow } from "../../server/src/modules/orders/place-order.service.ts";
import { checkedDetails, newShortOrderId, precheck, writeOrderAtOnce } from "../../server/src/modules/orders/write-order.ts";
import { emailSql } from "../../server/src/mail/outbox.ts";
import { CATALOGUE_CHANNEL } from "../../server/src/cache/catalogue-version.ts";
import { randomUUID } from "node:crypto";

/** Every field of a type that takes no argument, and of the types below it to `depth` levels. */
function everyField(type: GraphQLObjectType, depth: number): string {
  return Object.values(type.getFields())
    .filter((field) => field.args.length === 0)
    .map((field) => {
      const named = getNamedType(field.type);
      if (isLeafType(named)) return field.name;
      return isObjectType(named) && depth > 0 ? `${field.name} { ${everyField(named, depth - 1)} }` : "";
    })
    .join(" ");
}

/** The same order read later, on the thank-you page's query, with the selection `placing` made of it. */
function laterRead(placing: string): string {
  const document = parse(placing);
  let order: SelectionSetNode | undefined;
  visit(document, { Field: (node) => void (node.name.value === "order" && (order = node.selectionSet)) });
  const fragments = document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION).map((fragment) => print(fragment));
  return [`query($id: ID, $token: String) { latestOrder(guestOrderId: $id, guestToken: $token) ${print(order!)} }`, ...fragments].join("\n");
}

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

describe("placing an order", () => {
  it("a guest order is priced from the database, takes the stock and starts pending, awaiting transfer", async () => {
    const shirt = await makeProduct(t.prisma, { stock: 3, price: "12500.00" });
    const jeans = await makeProduct(t.prisma, { stock: 1, price: "8000.50" });
    const result = await placeOrder(t.client(), {
      ...details(),
      items: [
        { productId: shirt.id, quantity: 2 },
        { productId: jeans.id, quantity: 1 },
      ],
    });
    expect(result.__typename).toBe("MutationPlaceOrderSuccess");
    const order = result.data.order;
    expect(order.total).toBe("33000.50");
    expect(order.status).toBe("pending");
    expect(order.paymentStatus).toBe("awaiting_transfer");
    expect(order.paymentMethod).toBe("bank_transfer");
    expect(order.shortOrderId).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(order.orderNumber).toBeGreaterThan(0);
    expect(order.customerPhone).toBe("+2348031234567");
    expect(order.customerAddress).toBe("12 Allen Avenue, Ikeja, Lagos");
    const hold = Date.parse(order.holdExpiresAt) - Date.now();
    expect(hold).toBeGreaterThan(23.9 * 3600_000);
    expect(hold).toBeLessThanOrEqual(24 * 3600_000);
    expect(result.data.guestToken).toMatch(/^[a-z0-9]{20,}$/);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: shirt.id } })).stock).toBe(1);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: jeans.id } })).stock).toBe(0);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.userId).toBeNull();
    expect(stored.guestTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.guestTokenHash).not.toContain(result.data.guestToken);
  });

  it("a guest's one piece: the order, its items, email and audit entry in two statements on the driver (one, the piece and the fees once read), no transaction, not Prisma's dozen", async () => {
    // A drop night's checkouts are CPU-bound: each Prisma statement costs ~1 ms of compiling, and
    // each round trip about 0.8 ms of the store's CPU (decision 026).
    const product = await makeProduct(t.prisma, { stock: 2, price: "9000.00" });
    t.queries.length = 0;
    const result = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] });
    const sent = t.queries.slice(0, t.queries.findIndex((sql) => sql.includes("INSERT INTO orders")) + 1);
    expect(sent.filter((sql) => /^\s*BEGIN/i.test(sql))).toEqual([]);
    const placing = requestStatements(sent);
    // The retry check and sold-out check with the fee table beside it, then the guarded take and the write.
    expect(placing).toHaveLength(2);
    expect(placing[0]).toMatch(/^\s*WITH main AS \(\s*SELECT 'order'[\s\S]*FROM delivery_settings/);
    expect(placing[1]).toMatch(/^\s*WITH taken AS \(\s*UPDATE products p SET stock = p\.stock - \$1[\s\S]*INSERT INTO order_items[\s\S]*INSERT INTO audit_entries[\s\S]*INSERT INTO email_outbox/);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: result.data.order.id }, include: { items: true } });
    expect(stored.total.toFixed(2)).toBe("9000.00");
    expect(stored.items).toEqual([expect.objectContaining({ productId: product.id, quantity: 1, productName: product.name })]);
    expect(await t.prisma.auditEntry.count({ where: { orderId: stored.id, action: "order.placed" } })).toBe(1);
    expect(await t.prisma.emailOutbox.count({ where: { subject: { contains: stored.shortOrderId } } })).toBe(1);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1);
    // The next order of it is priced from that read (the write checks it still holds): one statement.
    t.queries.length = 0;
    const next = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] });
    expect(next.__typename).toBe("MutationPlaceOrderSuccess");
    const second = requestStatements(t.queries.slice(0, t.queries.findIndex((sql) => sql.includes("INSERT INTO orders")) + 1));
    expect(second).toHaveLength(1);
    expect(second[0]).toMatch(/^\s*WITH taken AS \(\s*UPDATE products p SET stock/);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);
  });

  it("an order priced from an earlier read is charged the owner's price and fees of its moment: a change since sends it the long way", async () => {
    const piece = await makeProduct(t.prisma, { stock: 3, price: "6000.00" });
    const fees = (doorstepFee: number) => t.prisma.deliverySettings.upsert({ where: { id: 1 }, create: { id: 1, doorstepFee, parkFee: 0 }, update: { doorstepFee } });
    const buy = async () => {
      const placed = await placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
      expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
      const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: placed.data.order.id } });
      expect(placed.data.order.total).toBe(stored.total.toFixed(2));
      return [stored.deliveryFee.toFixed(2), stored.total.toFixed(2)];
    };
    try {
      await fees(1000);
      expect(await buy()).toEqual(["1000.00", "7000.00"]);
      await fees(2000);
      expect(await buy()).toEqual(["2000.00", "8000.00"]);
      await t.prisma.product.update({ where: { id: piece.id }, data: { price: "6500.00" } });
      expect(await buy()).toEqual(["2000.00", "8500.00"]);
    } finally {
      await fees(0);
    }
    expect(await t.prisma.order.count({ where: { items: { some: { productId: piece.id } } } })).toBe(3);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: piece.id } })).stock).toBe(0);
  });

  it("checkouts of one moment are prechecked in one read, the fee table beside it for those written at once, each placed at its own price", async () => {
    // A drop's crowd: each read holds a pooled connection until the busy event loop comes round, so
    // one read per checkout made the pool, not PostgreSQL, set the pace of sales (decision 026).
    const { prisma, sql, transaction } = t.store.db;
    const [one, two, pairA, pairB] = await Promise.all([9000, 4000, 2500, 1500].map((price) => makeProduct(t.prisma, { stock: 1, price: price.toFixed(2) })));
    const order = (items: { productId: string; quantity: number }[]) => ({ ...details(), idempotencyKey: `together-${randomUUID()}`, items });
    const fees = (doorstepFee: number) => t.prisma.deliverySettings.upsert({ where: { id: 1 }, create: { id: 1, doorstepFee, parkFee: 0 }, update: { doorstepFee } });
    await fees(1500);
    t.queries.length = 0;
    const placed = await Promise.all([
      placeOrderNow({ prisma, sql, transaction }, t.config, null, order([{ productId: one!.id, quantity: 1 }])),
      placeOrderNow({ prisma, sql, transaction }, t.config, null, order([{ productId: two!.id, quantity: 1 }])),
      // Two pieces: written in a transaction, which reads the fee table itself.
      placeOrderNow({ prisma, sql, transaction }, t.config, null, order([{ productId: pairA!.id, quantity: 1 }, { productId: pairB!.id, quantity: 1 }])),
    ]).finally(() => fees(0));
    expect(t.queries.filter((statement) => statement.includes("idempotency_key = ANY"))).toHaveLength(1);
    expect(placed.map((p) => [p.written!.deliveryFee.toFixed(2), p.written!.total.toFixed(2)])).toEqual([
      ["1500.00", "10500.00"],
      ["1500.00", "5500.00"],
      ["1500.00", "5500.00"],
    ]);
    expect(await t.prisma.product.count({ where: { id: { in: [one!.id, two!.id, pairA!.id, pairB!.id] }, stock: 0 } })).toBe(4);
  });

  it("a sale's notification names its count of stock changes: the instance that sold takes its values from its own statement, and reads only what changed elsewhere", async () => {
    const piece = await makeProduct(t.prisma, { stock: 3, price: "5000.00" });
    const listen = async (channel: string) => {
      const heard: string[] = [];
      let listening = () => {};
      const subscription = t.store.db.listen(channel, { onNotify: (payload) => heard.push(payload), onListening: () => listening(), onLost: () => {} });
      await new Promise<void>((resolve) => (listening = resolve));
      return { heard, stop: () => subscription.stop() };
    };
    const [counted, former] = await Promise.all([listen(CATALOGUE_CHANNEL), listen("catalogue_changed")]);
    const heard = counted.heard;
    const boardReads = () => t.queries.filter((statement) => statement.includes("/* stock board */")).length;
    const notify = async (payload: string) => {
      await t.store.db.query("SELECT pg_notify($1, $2)", [CATALOGUE_CHANNEL, payload]);
      await t.store.catalogue.sync();
    };
    try {
      const placed = await placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
      expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
      await t.store.catalogue.sync();
      // The take and the order's item in one transaction: one payload, with the take's count.
      expect(heard.filter((payload) => payload.includes(piece.id))).toEqual([`stock:${piece.id}:1`]);
      // The channel of builds before the count, as they read it, for a rolling upgrade.
      expect(former.heard.filter((payload) => payload.includes(piece.id))).toEqual([`stock:${piece.id}`]);
      expect(t.store.catalogue.stock.get(piece.id)).toMatchObject({ stock: 2, onHold: false, version: 1 });
      const before = boardReads();
      await notify(`stock:${piece.id}:1`);
      expect(boardReads()).toBe(before);
      // No count (an order's status changed: "on hold" may have): read again.
      await notify(`stock:${piece.id}`);
      expect(boardReads()).toBe(before + 1);
      // Changed elsewhere (another instance's sale, the owner's restock): a later count, read.
      await t.prisma.product.update({ where: { id: piece.id }, data: { stock: 7 } });
      await t.store.catalogue.sync();
      expect(boardReads()).toBe(before + 2);
      expect(t.store.catalogue.stock.get(piece.id)).toMatchObject({ stock: 7, version: 2 });
    } finally {
      await Promise.all([counted.stop(), former.stop()]);
    }
  });

  it("an order written at once takes nothing and writes nothing when its piece changed or went since it was read (writeOrder's transaction then decides)", async () => {
    const { sql } = t.store.db;
    const piece = await makeProduct(t.prisma, { stock: 1, price: "9000.00" });
    const line = { productId: piece.id, quantity: 1 };
    const draft = {
      id: randomUUID(),
      shortOrderId: newShortOrderId(),
      now: new Date(),
      channel: "web",
      userId: null,
      details: checkedDetails(details(), t.config),
      paymentMethod: "bank_transfer",
      holdHours: 24,
      note: null,
      idempotencyKey: null,
      guestTokenHash: null,
      whatsappUpdates: false,
    } as const;
    const email = { to: "nobody@example.ng", subject: `At once ${draft.id}`, body: "-" };
    const at = (read: Awaited<ReturnType<typeof precheck>>) => writeOrderAtOnce(sql, { ...draft, now: new Date() }, line, read, () => [emailSql(email)]);
    const read = await precheck(sql, null, [line], new Date(), true);
    expect(read.products.map((p) => p.price.toFixed(2))).toEqual(["9000.00"]);
    // The owner changes the price in between: the line would be charged what it no longer costs.
    await t.prisma.product.update({ where: { id: piece.id }, data: { price: "9500.00" } });
    expect(await at(read)).toBeNull();
    // Sold meanwhile (elsewhere), read before.
    const fresh = await precheck(sql, null, [line], new Date(), true);
    await t.prisma.product.update({ where: { id: piece.id }, data: { stock: 0 } });
    expect(await at(fresh)).toBeNull();
    // The owner's fees changed since the read: the order would be charged a fee no longer asked.
    await t.prisma.product.update({ where: { id: piece.id }, data: { stock: 1 } });
    const beforeFees = await precheck(sql, null, [line], new Date(), true);
    await t.prisma.deliverySettings.upsert({ where: { id: 1 }, create: { id: 1, doorstepFee: 700, parkFee: 0 }, update: { doorstepFee: 700 } });
    try {
      expect(await at(beforeFees)).toBeNull();
    } finally {
      await t.prisma.deliverySettings.update({ where: { id: 1 }, data: { doorstepFee: 0 } });
    }
    await t.prisma.product.update({ where: { id: piece.id }, data: { stock: 0 } });
    expect(await t.prisma.order.count({ where: { id: draft.id } })).toBe(0);
    expect(await t.prisma.emailOutbox.count({ where: { subject: email.subject } })).toBe(0);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: piece.id } })).stock).toBe(0);
    // Back in stock: the at-once write goes through from a current read, at the current price.
    await t.prisma.product.update({ where: { id: piece.id }, data: { stock: 1 } });
    const written = await at(await precheck(sql, null, [line], new Date(), true));
    expect(written?.written).toMatchObject({ id: draft.id, orderNumber: expect.any(Number), status: "pending", paymentStatus: "awaiting_transfer" });
    expect(written?.priced.total.toFixed(2)).toBe("9500.00");
    expect(await t.prisma.emailOutbox.count({ where: { subject: email.subject } })).toBe(1);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: piece.id } })).stock).toBe(0);
  });

  it("a bank-transfer checkout answers with the order as written, not read back, the same as a later read of it, whatever it selects", async () => {
    const checkoutPage = [...loadTrustedDocuments().values()].find((text) => /\bmutation CheckoutPlaceOrder\b/.test(text))!;
    // Every field of the order and of its lines, but not the lines' products (those are read).
    const everything = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
      __typename ... on MutationPlaceOrderSuccess { data { guestToken order { ${everyField(schema.getType("Order") as GraphQLObjectType, 1)} } } } } }`;
    for (const [placing, readsBack] of [[checkoutPage, false], [everything, false], [PLACE_ORDER, true]] as const) {
      for (const signedIn of [false, true]) {
        const lines = [await makeProduct(t.prisma, { stock: 3, price: "12500.00" }), await makeProduct(t.prisma, { stock: 2, price: "8000.50" })];
        const shopper: GraphQLClient = signedIn ? await signedUp(t) : t.client();
        if (signedIn) for (const product of lines) await shopper.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
        const items = signedIn ? undefined : lines.map((product) => ({ productId: product.id, quantity: 1 }));
        t.queries.length = 0;
        const placed = (await shopper.data(placing, { input: { ...details(), items } })).placeOrder;
        expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
        const read = requestStatements(t.queries).filter((sql) => /"public"\."(orders|order_items|provider_payments|payment_receipts)"\."id"/.test(sql));
        if (!readsBack) expect(read.filter((sql) => !sql.includes('"short_order_id" = $1'))).toEqual([]);
        const later = await shopper.data(laterRead(placing), { id: placed.data.order.id, token: placed.data.guestToken });
        expect(placed.data.order).toEqual(later.latestOrder);
      }
    }
  });

  it("ignores prices sent by the client: the total is the database price", async () => {
    const product = await makeProduct(t.prisma, { stock: 5, price: "20000.00" });
    const client = await signedUp(t);
    await client.data(ADD_TO_CART, { productId: product.id, quantity: 2 });
    // A tampered request cannot even say a price: unknown input fields are refused outright.
    const tampered = await client.request(PLACE_ORDER, {
      input: { ...details(), items: [{ productId: product.id, quantity: 2, price: "1.00" }] },
    });
    expect(tampered.errors?.[0]?.message).toMatch(/price/);
    const result = await placeOrder(client, { ...details(), items: [{ productId: product.id, quantity: 1 }] });
    // Signed in, the server cart decides what is bought; the guest lines are ignored.
    expect(result.data.order.total).toBe("40000.00");
    expect(result.data.order.items).toEqual([
      expect.objectContaining({ productName: product.name, quantity: 2, price: "20000.00", size: "M", product: { id: product.id } }),
    ]);
    expect(result.data.guestToken).toBeNull();
  });

  it("a signed-in order empties the shopper's server cart and records who placed it", async () => {
    const product = await makeProduct(t.prisma, { stock: 2 });
    const client = await signedUp(t);
    await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const result = await placeOrder(client, details());
    expect(result.__typename).toBe("MutationPlaceOrderSuccess");
    expect((await client.data(CART)).cart).toEqual([]);
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: result.data.order.id } });
    expect(audit.action).toBe("order.placed");
    expect(audit.actorLabel).toMatch(/@example\.ng$/);
  });

  it("queues the confirmation email with the reference and bank details", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const result = await placeOrder(t.client(), { ...details({ email: "mail-check@example.ng" }), items: [{ productId: product.id, quantity: 1 }] });
    const mail = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: "mail-check@example.ng" } });
    expect(mail.subject).toContain(result.data.order.shortOrderId);
    expect(mail.body).toContain(t.config.store.bankAccountNumber);
  });

  it("pickup stores the store's pickup address in Ota; park stores state, park and a Park: address", async () => {
    const a = await makeProduct(t.prisma, { stock: 1 });
    const pickup = await placeOrder(t.client(), {
      ...details({ deliveryMethod: "pickup", address: "" }),
      items: [{ productId: a.id, quantity: 1 }],
    });
    expect(pickup.data.order.customerAddress).toBe(t.config.store.pickupAddress);
    expect(pickup.data.order.customerAddress).toMatch(/Ota, Ogun State/);
    const b = await makeProduct(t.prisma, { stock: 1 });
    const park = await placeOrder(t.client(), {
      ...details({ deliveryMethod: "park", address: null, parkState: "Enugu", parkName: "Holy Ghost Park" }),
      items: [{ productId: b.id, quantity: 1 }],
    });
    expect(park.data.order).toMatchObject({ parkState: "Enugu", parkName: "Holy Ghost Park", customerAddress: "Park: Holy Ghost Park, Enugu", deliveryMethod: "park" });
  });

  it("insufficient stock fails the whole order, names the item and says how many are left", async () => {
    const plenty = await makeProduct(t.prisma, { stock: 5 });
    const scarce = await makeProduct(t.prisma, { name: "Vintage Ankara Gown", stock: 2, price: "5000.00" });
    const result = await placeOrder(t.client(), {
      ...details(),
      items: [
        { productId: plenty.id, quantity: 1 },
        { productId: scarce.id, quantity: 3 },
      ],
    });
    expect(result).toMatchObject({ __typename: "InsufficientStockError", productName: "Vintage Ankara Gown", available: 2 });
    expect(result.message).toBe("Only 2 items available in stock for Vintage Ankara Gown");
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: plenty.id } })).stock).toBe(5);
    expect(await t.prisma.order.count({ where: { items: { some: { productId: scarce.id } } } })).toBe(0);
  });

  it("a piece already sold is refused as out of stock before any transaction; a retry of the order that bought it still gets that order", async () => {
    const piece = await makeProduct(t.prisma, { name: "One-Off Aso Oke Wrap", stock: 1 });
    const bought = { ...details(), items: [{ productId: piece.id, quantity: 1 }] };
    t.queries.length = 0;
    const first = await placeOrder(t.client(), bought);
    expect(first.__typename).toBe("MutationPlaceOrderSuccess");
    // The transaction's guarded stock update (a locking write on the product's row), the first
    // with the fee table beside it.
    const transactions = (queries: string[]) => queries.filter((sql) => /^(WITH (main|taken) AS \(\s*)?UPDATE\b[^;]*\bproducts\b/i.test(sql.trim())).length;
    expect(transactions(t.queries)).toBeGreaterThan(0);
    t.queries.length = 0;
    const late = await placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
    expect(late).toMatchObject({ __typename: "InsufficientStockError", productName: "One-Off Aso Oke Wrap", available: 0 });
    expect(late.message).toBe("One-Off Aso Oke Wrap is out of stock");
    expect(transactions(t.queries)).toBe(0);
    // The browser that bought it retries (its first answer was lost): the same order, not "out of stock".
    const retry = await placeOrder(t.client(), bought);
    expect(retry.__typename).toBe("MutationPlaceOrderSuccess");
    expect(retry.data.order.id).toBe(first.data.order.id);
    expect(await t.prisma.orderItem.count({ where: { productId: piece.id } })).toBe(1);
  });

  it("a retry with the same idempotency key returns the same order, not a second one", async () => {
    const product = await makeProduct(t.prisma, { stock: 3 });
    const input = { ...details(), items: [{ productId: product.id, quantity: 1 }] };
    const guest = t.client();
    const first = await placeOrder(guest, input);
    const again = await placeOrder(guest, input);
    expect(again.data.order.id).toBe(first.data.order.id);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(2);
    // Only the newest token works: the first answer may never have reached the browser.
    const latest = await guest.data(`query($id: ID, $token: String) { latestOrder(guestOrderId: $id, guestToken: $token) { id } }`, {
      id: first.data.order.id,
      token: again.data.guestToken,
    });
    expect(latest.latestOrder.id).toBe(first.data.order.id);

    const signed = await signedUp(t);
    await signed.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const key = details().idempotencyKey;
    const [x, y] = await Promise.all([placeOrder(signed, { ...details(), idempotencyKey: key }), placeOrder(signed, { ...details(), idempotencyKey: key })]);
    expect(x.data.order.id).toBe(y.data.order.id);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1);
  });

  it("another shopper reusing someone's idempotency key gets an error, not their order", async () => {
    const product = await makeProduct(t.prisma, { stock: 3 });
    const owner = await signedUp(t);
    await owner.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const input = details();
    const placed = await placeOrder(owner, input);
    const intruder = await signedUp(t);
    await intruder.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const stolen = await placeOrder(intruder, input);
    expect(stolen.__typename).toBe("ValidationError");
    expect(JSON.stringify(stolen)).not.toContain(placed.data.order.id);
    const guest = await placeOrder(t.client(), { ...input, items: [{ productId: product.id, quantity: 1 }] });
    expect(guest.__typename).toBe("ValidationError");
  });

  it("a session that ended before Confirm places nothing and says so; as a guest, without signedInAs, the same checkout goes through (issue 40, finding 3)", async () => {
    const product = await makeProduct(t.prisma, { stock: 2 });
    const client = await signedUp(t);
    await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const me = (await client.data(`{ viewer { id } }`)).viewer.id as string;
    const ordersBefore = await t.prisma.order.count();
    // The session expires (or is signed out elsewhere) while the page still shows the account.
    await t.prisma.session.deleteMany({ where: { userId: me } });
    const input = { ...details(), signedInAs: me, items: [{ productId: product.id, quantity: 1 }] };
    const refused = await placeOrder(client, input);
    expect(refused).toMatchObject({ __typename: "ValidationError", message: SESSION_ENDED });
    // Another account's session is refused the same way: the page named someone else.
    const other = await signedUp(t);
    expect(await placeOrder(other, { ...input, idempotencyKey: details().idempotencyKey })).toMatchObject({ message: SESSION_ENDED });
    expect(await t.prisma.order.count()).toBe(ordersBefore);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(2);
    expect(await t.prisma.cartItem.count({ where: { userId: me } })).toBe(1);
    // The shopper chose to go on as a guest: the page no longer names the account.
    const guest = await placeOrder(client, { ...input, signedInAs: null });
    expect(guest.__typename).toBe("MutationPlaceOrderSuccess");
    expect(guest.data.guestToken).toEqual(expect.any(String));
  });

  it("refuses an empty cart and an unknown product without creating anything", async () => {
    const before = await t.prisma.order.count();
    const empty = await placeOrder(t.client(), { ...details(), items: [] });
    expect(empty).toMatchObject({ __typename: "ValidationError", message: "Your cart is empty" });
    const signedEmpty = await placeOrder(await signedUp(t), details());
    expect(signedEmpty.message).toBe("Your cart is empty");
    const unknown = await placeOrder(t.client(), { ...details(), items: [{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }] });
    expect(unknown.__typename).toBe("NotFoundError");
    const garbage = await placeOrder(t.client(), { ...details(), items: [{ productId: "'; DROP TABLE orders; --", quantity: 1 }] });
    expect(garbage.__typename).toBe("NotFoundError");
    expect(await t.prisma.order.count()).toBe(before);
  });
});

describe("bad input to placeOrder changes nothing", () => {
  const long = "x".repeat(10_000);
  const cases: [string, Record<string, unknown>, string][] = [
    ["a one-letter name", { fullName: "A" }, "Name must be at least 2 characters"],
    ["a 10,000-character name", { fullName: long }, "Name must be at most 100 characters"],
    ["a bad email", { email: "not-an-email" }, "Invalid email address"],
    ["a 10,000-character email", { email: `${long}@example.ng` }, "Invalid email address"],
    ["a short phone", { phone: "0803" }, "Phone number must be at least 10 digits"],
    ["a phone that is not Nigerian", { phone: "+44 20 7946 0958" }, "Enter a valid Nigerian phone number, e.g. 0803 123 4567"],
    ["a 10,000-character phone", { phone: "0".repeat(10_000) }, "Phone number must be at most 20 characters"],
    ["doorstep without an address", { address: "  " }, "Please enter your delivery address"],
    ["a 10,000-character address", { address: long }, "Address must be at most 500 characters"],
    ["park without a park", { deliveryMethod: "park", parkState: "Lagos" }, "Please choose the destination state and motor park"],
    ["an unknown delivery method", { deliveryMethod: "drone" }, "Please choose doorstep delivery, park pickup or store pickup"],
    ["a malformed idempotency key", { idempotencyKey: "x" }, "Invalid checkout key. Please refresh the page and try again."],
    ["a negative quantity", { items: [{ productId: "00000000-0000-4000-8000-000000000000", quantity: -1 }] }, "Quantity must be at least 1"],
    ["a zero quantity", { items: [{ productId: "00000000-0000-4000-8000-000000000000", quantity: 0 }] }, "Quantity must be at least 1"],
    ["a huge quantity", { items: [{ productId: "00000000-0000-4000-8000-000000000000", quantity: 2_000_000_000 }] }, "Quantity must be at most 1000"],
  ];
  it.each(cases)("%s", async (_label, override, message) => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const before = await t.prisma.order.count();
    const result = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }], ...override });
    expect(result.__typename).toBe("ValidationError");
    expect(result.message).toBe(message);
    expect(await t.prisma.order.count()).toBe(before);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1);
  });

  it("missing fields and wrong types are refused by the schema", async () => {
    const client = t.client();
    const missing = await client.request(PLACE_ORDER, { input: { fullName: "Chioma Eze" } });
    expect(missing.errors?.[0]?.message).toMatch(/of required type "String!" was not provided/);
    const wrongType = await client.request(PLACE_ORDER, { input: { ...details(), items: [{ productId: "x", quantity: "two" }] } });
    expect(wrongType.errors?.[0]?.message).toMatch(/Int/);
    const overflow = await client.request(PLACE_ORDER, { input: { ...details(), items: [{ productId: "x", quantity: 1e12 }] } });
    expect(overflow.errors?.length).toBeGreaterThan(0);
  });

  it("script tags in names are stored as plain text", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const name = `<script>alert("x")</script> Ada`;
    const result = await placeOrder(t.client(), { ...details({ fullName: name }), items: [{ productId: product.id, quantity: 1 }] });
    expect(result.data.order.customerName).toBe(name);
  });
});
