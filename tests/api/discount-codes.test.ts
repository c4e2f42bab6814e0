// Discount codes through the API: the admin's list and edits, the cart's preview, and the
// checkout's use of a code (its rules, the 20-way race, free delivery after the discount).
import { requestStatements, startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, details, PLACE_ORDER, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { CODE_MISSES } from "../../server/src/modules/offers/discount-codes.service.ts";

const CODE_FIELDS = "id code percentOff amountOff minSubtotal startsAt endsAt maxUses maxUsesPerPhone active uses";
const CREATE = `mutation($input: DiscountCodeInput!) { createDiscountCode(input: $input) {
  __typename ... on Error { message } ... on ValidationError { field } ... on MutationCreateDiscountCodeSuccess { data { ${CODE_FIELDS} } } } }`;
const UPDATE = `mutation($id: ID!, $input: DiscountCodeInput!) { updateDiscountCode(id: $id, input: $input) {
  __typename ... on Error { message } ... on MutationUpdateDiscountCodeSuccess { data { ${CODE_FIELDS} } } } }`;
const LIST = `{ adminDiscountCodes { ${CODE_FIELDS} } }`;
const PREVIEW = `query($code: String!, $items: [GuestCartLineInput!]) { discountPreview(code: $code, items: $items) {
  __typename ... on Error { message } ... on QueryDiscountPreviewSuccess { data { code subtotal discount reason } } } }`;

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  // One proxy in front: the throttling case says which address each client comes from.
  t = await startTestStore({ seed: false, env: { TRUST_PROXY: "1" } });
  admin = await t.admin();
});
afterAll(() => t?.close());

async function createCode(input: Record<string, unknown>) {
  const result = (await admin.data(CREATE, { input })).createDiscountCode;
  if (result.__typename !== "MutationCreateDiscountCodeSuccess") throw new Error(result.message);
  return result.data;
}

async function preview(client: GraphQLClient, code: string, items?: { productId: string; quantity: number }[]) {
  const result = (await client.data(PREVIEW, { code, items })).discountPreview;
  expect(result.__typename).toBe("QueryDiscountPreviewSuccess");
  return result.data;
}

describe("the admin's discount codes", () => {
  it("an admin creates a code typed as prices are, changes it, and sees it with its uses; the audit log has both", async () => {
    const created = await createCode({ code: "igfam10", amountOff: "2,000", minSubtotal: "10,000", maxUses: 50, maxUsesPerPhone: 1 });
    expect(created).toMatchObject({ code: "IGFAM10", percentOff: null, amountOff: "2000.00", minSubtotal: "10000.00", maxUses: 50, maxUsesPerPhone: 1, active: true, uses: 0 });
    const endsAt = "2026-12-31T22:59:00.000Z";
    const updated = (await admin.data(UPDATE, { id: created.id, input: { code: "IGFAM15", percentOff: 15, endsAt, active: false } })).updateDiscountCode;
    expect(updated.data).toMatchObject({ id: created.id, code: "IGFAM15", percentOff: 15, amountOff: null, minSubtotal: null, endsAt, maxUses: null, active: false });
    expect((await admin.data(LIST)).adminDiscountCodes).toContainEqual(updated.data);
    const audited = await t.prisma.auditEntry.findMany({ where: { entityType: "discount_code", entityId: created.id }, orderBy: { createdAt: "asc" } });
    expect(audited.map((entry) => entry.action)).toEqual(["discount_code.created", "discount_code.updated"]);
  });

  it("a code typed wrongly or taken already is refused with its field, and nothing is written", async () => {
    await createCode({ code: "TAKEN5", percentOff: 5 });
    const before = await t.prisma.discountCode.count();
    const refusals = [
      [{ code: "taken5", percentOff: 10 }, "code", "There is already a code TAKEN5"],
      [{ code: "TWO", percentOff: 10, amountOff: "500" }, "amountOff", "Give either a percent off or an amount off (one of them)"],
      [{ code: "BIG", percentOff: 95 }, "percentOff", "Percent off must be a whole number from 1 to 90"],
      [{ code: "ODD", amountOff: "2.000" }, "amountOff", expect.stringContaining("is unclear")],
    ] as const;
    for (const [input, field, message] of refusals) {
      expect((await admin.data(CREATE, { input })).createDiscountCode).toEqual({ __typename: "ValidationError", field, message });
    }
    expect(await t.prisma.discountCode.count()).toBe(before);
  });

  it("shoppers and guests cannot list, create or change codes", async () => {
    const shopper = await signedUp(t);
    for (const client of [shopper, t.client()]) {
      expect((await client.request(LIST)).errors?.[0]?.message).toMatch(/not allowed|log in/);
      expect((await client.request(CREATE, { input: { code: "SNEAKY", percentOff: 90 } })).errors?.[0]?.message).toMatch(/not allowed|log in/);
    }
    expect(await t.prisma.discountCode.count({ where: { code: "SNEAKY" } })).toBe(0);
  });
});

describe("the cart's preview of a code", () => {
  it("gives the discount on today's prices, for a guest's lines and a signed-in shopper's cart, in any case", async () => {
    const dress = await makeProduct(t.prisma, { stock: 3, price: "12500.00" });
    await createCode({ code: "TENOFF", percentOff: 10 });
    expect(await preview(t.client(), "tenoff", [{ productId: dress.id, quantity: 2 }])).toEqual({ code: "TENOFF", subtotal: "25000.00", discount: "2500.00", reason: null });
    const shopper = await signedUp(t);
    await shopper.data(ADD_TO_CART, { productId: dress.id, quantity: 1 });
    expect(await preview(shopper, " TenOff", [{ productId: dress.id, quantity: 3 }])).toMatchObject({ subtotal: "12500.00", discount: "1250.00" });
  });

  it("says why a code does not apply: unknown, switched off, expired, not started, used up, too small an order", async () => {
    const top = await makeProduct(t.prisma, { stock: 5, price: "8000.00" });
    const hour = 3600_000;
    await createCode({ code: "OFF1", percentOff: 10, active: false });
    await createCode({ code: "GONE1", percentOff: 10, endsAt: new Date(Date.now() - hour).toISOString() });
    await createCode({ code: "SOON1", percentOff: 10, startsAt: new Date(Date.now() + hour).toISOString() });
    const usedUp = await createCode({ code: "ONCE1", amountOff: "1000", maxUses: 1 });
    await t.prisma.discountCode.update({ where: { id: usedUp.id }, data: { uses: 1 } });
    await createCode({ code: "BIG1", amountOff: "5,000", minSubtotal: "20,000" });
    const items = [{ productId: top.id, quantity: 2 }];
    const reasons = await Promise.all(["NOPE", "OFF1", "GONE1", "SOON1", "ONCE1", "BIG1"].map(async (code) => (await preview(t.client(), code, items)).reason));
    expect(reasons).toEqual([
      "This code is not valid",
      "This code is not valid",
      "This code has expired",
      "This code has not started yet",
      "This code has been used up",
      "Add ₦4,000 more to use this code",
    ]);
    expect((await preview(t.client(), "BIG1", [{ productId: top.id, quantity: 3 }])).discount).toBe("5000.00");
  });

  it("an address that tries too many codes the shop does not have is refused with RateLimitError; a real code costs nothing, and other addresses go on", async () => {
    const shirt = await makeProduct(t.prisma, { stock: 2, price: "6000.00" });
    await createCode({ code: "REAL10", percentOff: 10 });
    const items = [{ productId: shirt.id, quantity: 1 }];
    // Documentation addresses (only a header): one carrier address shared by many phones, and another.
    const carrier = t.client({ "x-forwarded-for": "203.0.113.40" });
    const elsewhere = t.client({ "x-forwarded-for": "198.51.100.7" });
    for (let i = 0; i < CODE_MISSES.limit; i++) {
      expect((await preview(carrier, `GUESS${i}`, items)).reason).toBe("This code is not valid");
      // A shopper re-checking a real code as their cart changes is never counted.
      if (i % 10 === 0) expect((await preview(carrier, "real10", items)).discount).toBe("600.00");
    }
    const refused = (await carrier.data(PREVIEW, { code: "GUESSMORE", items })).discountPreview;
    expect(refused).toMatchObject({ __typename: "RateLimitError", message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minute\(s\) and try again\.$/) });
    const { retryAfterSeconds } = (await carrier.data(`query($code: String!) { discountPreview(code: $code) { ... on RateLimitError { retryAfterSeconds } } }`, { code: "REAL10" })).discountPreview;
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(CODE_MISSES.windowSeconds);
    expect((await preview(elsewhere, "GUESSMORE", items)).reason).toBe("This code is not valid");
    expect((await preview(elsewhere, "REAL10", items)).discount).toBe("600.00");
  });
});

const CHECKOUT = PLACE_ORDER.replace("id shortOrderId", "id shortOrderId discountCode discount deliveryFee subtotal").replace(
  "... on Error { message }",
  "... on Error { message } ... on ValidationError { field }",
);

async function checkout(client: GraphQLClient, input: Record<string, unknown>) {
  return (await client.data(CHECKOUT, { input: { ...details(), ...input } })).placeOrder;
}

describe("a code at checkout", () => {
  beforeAll(async () => {
    // Doorstep ₦3,000 everywhere, free from ₦20,000 of items (after the discount).
    await t.prisma.deliverySettings.upsert({
      where: { id: 1 },
      create: { id: 1, doorstepFee: "3000", parkFee: "2000", freeDeliveryThreshold: "20000" },
      update: { doorstepFee: "3000", parkFee: "2000", freeDeliveryThreshold: "20000" },
    });
  });

  it("comes off the items, never the fee, is kept on the order and in its email, and counts one use in one more statement", async () => {
    const skirt = await makeProduct(t.prisma, { stock: 2, price: "9000.00" });
    const code = await createCode({ code: "IGFAM10", percentOff: 10 });
    t.queries.length = 0;
    const placed = await checkout(t.client(), { discountCode: "igfam10", email: "ife@example.ng", items: [{ productId: skirt.id, quantity: 1 }] });
    const statements = requestStatements(t.queries);
    expect(statements.slice(0, statements.findIndex((sql) => sql.includes("INSERT INTO orders")) + 1)).toHaveLength(4);
    expect(statements.some((sql) => /UPDATE discount_codes dc SET uses = dc\.uses \+ 1[\s\S]*RETURNING/.test(sql))).toBe(true);
    expect(placed.data.order).toMatchObject({ discountCode: "IGFAM10", discount: "900.00", subtotal: "9000.00", deliveryFee: "3000.00", total: "11100.00" });
    expect((await t.prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).uses).toBe(1);
    const [email] = await t.prisma.emailOutbox.findMany({ where: { to: "ife@example.ng" } });
    expect(email!.body).toContain("Discount (IGFAM10): −₦900\nDelivery fee: ₦3,000\nTotal: ₦11,100");
  });

  it("an amount off never takes the items below zero; the fee is still charged", async () => {
    const socks = await makeProduct(t.prisma, { stock: 1, price: "1500.00" });
    await createCode({ code: "BIGAMOUNT", amountOff: "5,000" });
    const placed = await checkout(t.client(), { discountCode: "BIGAMOUNT", items: [{ productId: socks.id, quantity: 1 }] });
    expect(placed.data.order).toMatchObject({ discount: "1500.00", deliveryFee: "3000.00", total: "3000.00" });
  });

  it("free delivery is judged on the items after the discount: just below the threshold pays the fee, at it delivers free", async () => {
    const coat = await makeProduct(t.prisma, { stock: 2, price: "21999.99" });
    const gown = await makeProduct(t.prisma, { stock: 2, price: "22000.00" });
    await createCode({ code: "TWOK", amountOff: "2,000" });
    const below = await checkout(t.client(), { discountCode: "TWOK", items: [{ productId: coat.id, quantity: 1 }] });
    expect(below.data.order).toMatchObject({ discount: "2000.00", deliveryFee: "3000.00", total: "22999.99" });
    const at = await checkout(t.client(), { discountCode: "TWOK", items: [{ productId: gown.id, quantity: 1 }] });
    expect(at.data.order).toMatchObject({ discount: "2000.00", deliveryFee: "0.00", total: "20000.00" });
  });

  it("a refused code places no order and takes no stock; the same details go through without it", async () => {
    const bag = await makeProduct(t.prisma, { stock: 1, price: "5000.00" });
    await createCode({ code: "MIN20", percentOff: 20, minSubtotal: "20,000" });
    const same = details({ items: [{ productId: bag.id, quantity: 1 }] });
    for (const [code, message] of [["NOSUCH", "This code is not valid"], ["MIN20", "Add ₦15,000 more to use this code"]]) {
      expect(await checkout(t.client(), { ...same, discountCode: code })).toEqual({ __typename: "ValidationError", field: "discountCode", message });
    }
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: bag.id } })).stock).toBe(1);
    expect(await t.prisma.orderItem.count({ where: { productId: bag.id } })).toBe(0);
    expect((await t.prisma.discountCode.findUniqueOrThrow({ where: { code: "MIN20" } })).uses).toBe(0);
    expect((await checkout(t.client(), same)).__typename).toBe("MutationPlaceOrderSuccess");
  });

  it("codes guessed at checkout count against the previews' allowance; past it every refused code says wait, and a real one still orders", async () => {
    const cap = await makeProduct(t.prisma, { stock: 3, price: "5000.00" });
    await createCode({ code: "BIGSPEND", percentOff: 5, minSubtotal: "50,000" });
    await createCode({ code: "CAP5", percentOff: 5 });
    const items = [{ productId: cap.id, quantity: 1 }];
    const guesser = t.client({ "x-forwarded-for": "203.0.113.77" });
    const key = "discount-miss:ip:203.0.113.77";
    expect((await checkout(guesser, { discountCode: "NOPE1", items })).message).toBe("This code is not valid");
    expect((await t.prisma.rateLimit.findUniqueOrThrow({ where: { key } })).count).toBe(1);
    await t.prisma.rateLimit.update({ where: { key }, data: { count: CODE_MISSES.limit } });
    // An existing code refused for its terms is told "wait" too: the answer must not tell them apart.
    for (const code of ["NOPE2", "BIGSPEND"]) {
      expect(await checkout(guesser, { discountCode: code, items })).toMatchObject({ __typename: "RateLimitError", message: expect.stringMatching(/^Too many attempts\./) });
    }
    expect(await t.prisma.orderItem.count({ where: { productId: cap.id } })).toBe(0);
    expect((await checkout(guesser, { discountCode: "cap5", items })).data.order).toMatchObject({ discountCode: "CAP5", discount: "250.00" });
  });

  it("a limit per phone number counts that number's orders, whatever way it is written", async () => {
    const [first, second] = await Promise.all([1, 2].map(() => makeProduct(t.prisma, { stock: 1, price: "8000.00" })));
    await createCode({ code: "ONEEACH", amountOff: "1000", maxUsesPerPhone: 1 });
    expect((await checkout(t.client(), { discountCode: "ONEEACH", phone: "0803 555 0101", items: [{ productId: first!.id, quantity: 1 }] })).__typename).toBe("MutationPlaceOrderSuccess");
    expect(await checkout(t.client(), { discountCode: "ONEEACH", phone: "+234 803 555 0101", items: [{ productId: second!.id, quantity: 1 }] })).toMatchObject({
      message: "You have already used this code",
    });
    expect((await checkout(t.client(), { discountCode: "ONEEACH", phone: "0803 555 0202", items: [{ productId: second!.id, quantity: 1 }] })).data.order.discount).toBe("1000.00");
    expect((await t.prisma.discountCode.findUniqueOrThrow({ where: { code: "ONEEACH" } })).uses).toBe(2);
  });

  it("20 checkouts at once with a single-use code: exactly one is discounted, the others are told it is used up and place nothing", async () => {
    const pieces = await Promise.all(Array.from({ length: 20 }, () => makeProduct(t.prisma, { stock: 1, price: "10000.00" })));
    await createCode({ code: "FIRST1", amountOff: "2500", maxUses: 1 });
    const results = await Promise.all(pieces.map((piece) => checkout(t.client(), { discountCode: "FIRST1", items: [{ productId: piece.id, quantity: 1 }] })));
    const won = results.filter((r) => r.__typename === "MutationPlaceOrderSuccess");
    expect(won).toHaveLength(1);
    expect(won[0].data.order).toMatchObject({ discountCode: "FIRST1", discount: "2500.00" });
    expect(results.filter((r) => r.__typename === "ValidationError" && r.message === "This code has been used up")).toHaveLength(19);
    expect((await t.prisma.discountCode.findUniqueOrThrow({ where: { code: "FIRST1" } })).uses).toBe(1);
    expect(await t.prisma.order.count({ where: { discountCode: "FIRST1" } })).toBe(1);
    expect(await t.prisma.orderItem.count({ where: { productId: { in: pieces.map((p) => p.id) } } })).toBe(1);
  });
});
