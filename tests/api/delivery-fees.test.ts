// Delivery fees: the owner sets them; the server charges them inside the order transaction from the
// stored table (never the client's number) and keeps the fee on the order.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
});
afterAll(() => t?.close());

const FEES = `{ deliveryFees { doorstepFee parkFee freeDeliveryThreshold stateFees { method state fee } } }`;
const UPDATE = `mutation($input: DeliveryFeesInput!) {
  updateDeliveryFees(input: $input) {
    __typename
    ... on Error { message }
    ... on ValidationError { field }
    ... on MutationUpdateDeliveryFeesSuccess { data { doorstepFee parkFee freeDeliveryThreshold stateFees { method state fee } } }
  }
}`;
const ORDER_MONEY = `query($reference: String!, $guestToken: String) { trackOrder(reference: $reference, guestToken: $guestToken) { subtotal deliveryFee total } }`;

const TABLE = {
  doorstepFee: "3,500",
  parkFee: "2500",
  freeDeliveryThreshold: "100000",
  stateFees: [
    { method: "doorstep", state: "Lagos", fee: "1500" },
    { method: "park", state: "kano", fee: "4,000.50" },
  ],
};

async function setFees(input: Record<string, unknown> = TABLE) {
  const res = await admin.data(UPDATE, { input });
  expect(res.updateDeliveryFees.__typename).toBe("MutationUpdateDeliveryFeesSuccess");
  return res.updateDeliveryFees.data;
}

async function orderFor(input: Record<string, unknown>, price = "10000.00", quantity = 1) {
  const product = await makeProduct(t.prisma, { stock: quantity, price });
  const result = await placeOrder(t.client(), { ...details(), ...input, items: [{ productId: product.id, quantity }] });
  expect(result.__typename).toBe("MutationPlaceOrderSuccess");
  const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: result.data.order.id } });
  return { total: result.data.order.total as string, deliveryFee: stored.deliveryFee.toFixed(2), stored, guestToken: result.data.guestToken as string };
}

describe("delivery fees", () => {
  it("with no fees set, delivery is free and totals are the items alone", async () => {
    expect((await t.client().data(FEES)).deliveryFees).toEqual({ doorstepFee: "0.00", parkFee: "0.00", freeDeliveryThreshold: null, stateFees: [] });
    expect(await orderFor({ deliveryMethod: "doorstep", deliveryState: "Lagos" })).toMatchObject({ total: "10000.00", deliveryFee: "0.00" });
  });

  it("the owner sets fees; anyone may read them; the change is audited", async () => {
    const saved = await setFees();
    expect(saved).toEqual({
      doorstepFee: "3500.00",
      parkFee: "2500.00",
      freeDeliveryThreshold: "100000.00",
      stateFees: [
        { method: "doorstep", state: "Lagos", fee: "1500.00" },
        { method: "park", state: "Kano", fee: "4000.50" },
      ],
    });
    expect((await t.client().data(FEES)).deliveryFees).toEqual(saved);
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { action: "delivery.fees_updated" }, orderBy: { createdAt: "desc" } });
    expect(audit.actorLabel).toBe("admin@test.local");
    expect(audit.before).toMatchObject({ doorstepFee: "0.00", stateFees: [] });
    expect(audit.after).toMatchObject({ doorstepFee: "3500.00", freeDeliveryThreshold: "100000.00" });
  });

  it("charges by method and state, inside the order, and stores the fee on it", async () => {
    await setFees();
    expect(await orderFor({ deliveryMethod: "doorstep", deliveryState: "lagos" })).toMatchObject({ total: "11500.00", deliveryFee: "1500.00" });
    expect(await orderFor({ deliveryMethod: "doorstep", deliveryState: "Oyo" })).toMatchObject({ total: "13500.00", deliveryFee: "3500.00" });
    expect(await orderFor({ deliveryMethod: "park", parkState: "Kano", parkName: "Naibawa Motor Park, Kano" })).toMatchObject({ total: "14000.50", deliveryFee: "4000.50" });
    expect(await orderFor({ deliveryMethod: "park", parkState: "Lagos", parkName: "Jibowu Motor Park" })).toMatchObject({ total: "12500.00", deliveryFee: "2500.00" });
    expect(await orderFor({ deliveryMethod: "pickup", address: null })).toMatchObject({ total: "10000.00", deliveryFee: "0.00" });
    const placed = await orderFor({ deliveryMethod: "doorstep", deliveryState: "Lagos" });
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { subject: { contains: placed.stored.shortOrderId } } });
    expect(email.body).toContain("Items: ₦10,000\nDelivery fee: ₦1,500\nTotal: ₦11,500");
    expect(email.subject).toContain("₦11,500");
  });

  it("delivers free from the threshold up (items' subtotal, not counting the fee)", async () => {
    await setFees();
    expect(await orderFor({ deliveryMethod: "doorstep", deliveryState: "Oyo" }, "50000.00", 2)).toMatchObject({ total: "100000.00", deliveryFee: "0.00" });
    expect(await orderFor({ deliveryMethod: "doorstep", deliveryState: "Oyo" }, "99999.99")).toMatchObject({ total: "103499.99", deliveryFee: "3500.00" });
  });

  it("an order of several pieces pays one fee, on their subtotal, from a guest's lines or a signed-in cart", async () => {
    await setFees();
    const shirt = await makeProduct(t.prisma, { stock: 2, price: "10000.00" });
    const wrap = await makeProduct(t.prisma, { stock: 2, price: "20000.50" });
    const lines = [
      { productId: shirt.id, quantity: 1 },
      { productId: wrap.id, quantity: 1 },
    ];
    const guest = await placeOrder(t.client(), { ...details({ deliveryState: "Lagos" }), items: lines });
    const fee = async (id: string) => (await t.prisma.order.findUniqueOrThrow({ where: { id } })).deliveryFee.toFixed(2);
    expect([guest.data.order.total, await fee(guest.data.order.id)]).toEqual(["31500.50", "1500.00"]);
    const customer = await signedUp(t);
    for (const line of lines) await customer.data(ADD_TO_CART, line);
    const signedIn = await placeOrder(customer, details({ deliveryState: "Oyo" }));
    expect([signedIn.data.order.total, await fee(signedIn.data.order.id)]).toEqual(["33500.50", "3500.00"]);
  });

  it("a fee change after ordering leaves the old order's fee and total alone", async () => {
    await setFees();
    const before = await orderFor({ deliveryMethod: "doorstep", deliveryState: "Lagos" });
    await setFees({ ...TABLE, stateFees: [{ method: "doorstep", state: "Lagos", fee: "9000" }] });
    const res = await t.client().data(ORDER_MONEY, { reference: before.stored.shortOrderId, guestToken: before.guestToken });
    expect(res.trackOrder).toEqual({ subtotal: "10000.00", deliveryFee: "1500.00", total: "11500.00" });
    const again = await t.prisma.order.findUniqueOrThrow({ where: { id: before.stored.id } });
    expect([again.total.toFixed(2), again.deliveryFee.toFixed(2)]).toEqual(["11500.00", "1500.00"]);
    expect(await orderFor({ deliveryMethod: "doorstep", deliveryState: "Lagos" })).toMatchObject({ total: "19000.00", deliveryFee: "9000.00" });
  });

  it("ignores totals and fees sent by the client: the input cannot even carry them", async () => {
    await setFees();
    const product = await makeProduct(t.prisma, { stock: 1, price: "10000.00" });
    const count = await t.prisma.order.count();
    for (const extra of [{ deliveryFee: "0" }, { total: "1.00" }]) {
      const res = await t.client().request(`mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename } }`, {
        input: { ...details({ deliveryState: "Lagos" }), ...extra, items: [{ productId: product.id, quantity: 1 }] },
      });
      expect(res.errors?.[0]?.message).toMatch(/deliveryFee|total/);
    }
    expect(await t.prisma.order.count()).toBe(count);
    expect(await orderFor({ deliveryMethod: "doorstep", deliveryState: "Lagos" })).toMatchObject({ total: "11500.00" });
  });

  it("a doorstep order without a state, or with an unknown one, is refused with a message and places nothing", async () => {
    await setFees();
    const product = await makeProduct(t.prisma, { stock: 1 });
    const count = await t.prisma.order.count();
    for (const [deliveryState, message] of [[undefined, "Please choose your state"], ["  ", "Please choose your state"], ["Atlantis", "Please choose your state from the list"]]) {
      const result = await placeOrder(t.client(), { ...details({ deliveryState }), items: [{ productId: product.id, quantity: 1 }] });
      expect(result).toMatchObject({ __typename: "ValidationError", message });
    }
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1);
    expect(await t.prisma.order.count()).toBe(count);
  });

  it("the order records the doorstep state (canonical spelling); park and pickup orders have none", async () => {
    await setFees();
    const doorstep = await orderFor({ deliveryMethod: "doorstep", deliveryState: "lagos" });
    expect(doorstep.stored.deliveryState).toBe("Lagos");
    const seen = await t.client().data(`query($r: String!, $g: String) { trackOrder(reference: $r, guestToken: $g) { deliveryState } }`, {
      r: doorstep.stored.shortOrderId,
      g: doorstep.guestToken,
    });
    expect(seen.trackOrder.deliveryState).toBe("Lagos");
    expect((await orderFor({ deliveryMethod: "pickup", address: null, deliveryState: "Lagos" })).stored.deliveryState).toBeNull();
  });

  it("only an admin may change the fees", async () => {
    await setFees();
    const customer = await signedUp(t);
    for (const [client, code] of [[t.client(), "UNAUTHENTICATED"], [customer, "FORBIDDEN"]] as const) {
      const res = await client.request(UPDATE, { input: { ...TABLE, doorstepFee: "1" } });
      expect(res.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect((await t.client().data(FEES)).deliveryFees.doorstepFee).toBe("3500.00");
  });

  it("bad input is refused with a clear message and changes nothing", async () => {
    const saved = await setFees();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ doorstepFee: "-100" }, "doorstepFee", "Doorstep fee must be an amount in naira of 0 or more, with at most 2 decimals (e.g. 1500 or 1,500.50)"],
      [{ parkFee: "12.345" }, "parkFee", "Motor park fee must be an amount in naira of 0 or more, with at most 2 decimals (e.g. 1500 or 1,500.50)"],
      [{ freeDeliveryThreshold: "lots" }, "freeDeliveryThreshold", "Free delivery from must be an amount in naira of 0 or more, with at most 2 decimals (e.g. 1500 or 1,500.50)"],
      [{ stateFees: [{ method: "doorstep", state: "Atlantis", fee: "100" }] }, "stateFees.0.state", "Atlantis is not a Nigerian state"],
      [{ stateFees: [{ method: "pickup", state: "Lagos", fee: "100" }] }, "stateFees.0.method", "Fees are set for doorstep or motor-park delivery only (pickup is free)"],
      [
        { stateFees: [{ method: "park", state: "Lagos", fee: "100" }, { method: "park", state: "LAGOS", fee: "200" }] },
        "stateFees.1.state",
        "Lagos has two motor park fees: keep one",
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin.data(UPDATE, { input: { ...TABLE, ...change } });
      expect(res.updateDeliveryFees).toEqual({ __typename: "ValidationError", message, field });
    }
    expect((await t.client().data(FEES)).deliveryFees).toEqual(saved);
  });
});
