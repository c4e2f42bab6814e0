// Discount codes through the API: the admin's list and edits, the cart's preview, and the
// checkout's use of a code (its rules, the 20-way race, free delivery after the discount).
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";

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
  t = await startTestStore({ seed: false });
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
});
