// Orders the owner takes in a DM or at the stall (createManualOrder, issue 35): the same stock,
// holds and fees as the web checkout, on PostgreSQL and on the embedded database.
import { randomUUID } from "node:crypto";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { expireOverdueOrders } from "../../server/src/modules/payments/holds.service.ts";

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
});
afterAll(() => t?.close());

const CREATE = `mutation($input: ManualOrderInput!) {
  createManualOrder(input: $input) {
    __typename
    ... on Error { message }
    ... on InsufficientStockError { productName available }
    ... on MutationCreateManualOrderSuccess { data {
      id shortOrderId channel note total amountPaid amountDue deliveryFee status paymentStatus holdExpiresAt customerName customerEmail customerPhone customerAddress
      items { productName quantity price }
    } }
  }
}`;

function manual(productId: string, overrides: Record<string, unknown> = {}) {
  return {
    channel: "whatsapp",
    items: [{ productId, quantity: 1 }],
    fullName: "Amaka Obi",
    phone: "0805 555 1234",
    deliveryMethod: "doorstep",
    address: "4 Bode Thomas Street, Surulere",
    deliveryState: "Lagos",
    ...overrides,
  };
}

async function createManual(client: GraphQLClient, input: Record<string, unknown>) {
  const res = await client.request(CREATE, { input });
  return res.errors ? { __typename: "GraphQLError", message: res.errors[0]!.message } : res.data.createManualOrder;
}

const stockOf = async (id: string) => (await t.prisma.product.findUniqueOrThrow({ where: { id } })).stock;

describe("createManualOrder", () => {
  it("anonymous shoppers and customers are refused, and nothing is written", async () => {
    const piece = await makeProduct(t.prisma, { stock: 1 });
    const before = { orders: await t.prisma.order.count(), audit: await t.prisma.auditEntry.count() };
    expect(await createManual(t.client(), manual(piece.id))).toEqual({ __typename: "GraphQLError", message: "Please log in to continue" });
    expect(await createManual(await signedUp(t), manual(piece.id))).toEqual({ __typename: "GraphQLError", message: "You are not allowed to do that" });
    expect(await stockOf(piece.id)).toBe(1);
    expect(await t.prisma.order.count()).toBe(before.orders);
    expect(await t.prisma.auditEntry.count()).toBe(before.audit);
  });

  it("an unpaid WhatsApp order holds its piece for the hours asked: the web store refuses it, and the hold's end releases it", async () => {
    const piece = await makeProduct(t.prisma, { name: "Adire Two-Piece", stock: 1, price: "18000.00" });
    const taken = await createManual(admin, manual(piece.id, { holdHours: 2, note: "Collects Saturday" }));
    expect(taken.__typename).toBe("MutationCreateManualOrderSuccess");
    const order = taken.data;
    expect(order).toMatchObject({ channel: "whatsapp", note: "Collects Saturday", status: "pending", paymentStatus: "awaiting_transfer", customerEmail: null });
    expect(order.customerPhone).toBe("+2348055551234");
    const hold = Date.parse(order.holdExpiresAt) - Date.now();
    expect(hold).toBeGreaterThan(1.9 * 3600_000);
    expect(hold).toBeLessThanOrEqual(2 * 3600_000);
    expect(await stockOf(piece.id)).toBe(0);
    const web = await placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
    expect(web).toMatchObject({ __typename: "InsufficientStockError", message: "Adire Two-Piece is out of stock" });
    // No email for a buyer who gave none; the audit says who took it, where.
    expect(await t.prisma.emailOutbox.count({ where: { subject: { contains: order.shortOrderId } } })).toBe(0);
    const placed = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "order.placed" } });
    expect(placed).toMatchObject({ actorLabel: "admin@test.local", reason: "Collects Saturday", after: expect.objectContaining({ channel: "whatsapp" }) });

    await expireOverdueOrders(t.prisma, t.config, new Date(Date.now() + 3 * 3600_000));
    expect(await stockOf(piece.id)).toBe(1);
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "cancelled", paymentStatus: "expired", channel: "whatsapp" });
    const later = await placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
    expect(later.__typename).toBe("MutationPlaceOrderSuccess");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: later.data.order.id } })).channel).toBe("web");
  });

  it("a web checkout and manual orders racing for the last piece make exactly one order", async () => {
    const piece = await makeProduct(t.prisma, { name: "One-off Kente Jacket", stock: 1 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? createManual(admin, manual(piece.id, { channel: "instagram" })) : placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] }),
      ),
    );
    const won = results.filter((r) => r.__typename === "MutationCreateManualOrderSuccess" || r.__typename === "MutationPlaceOrderSuccess");
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => !won.includes(r))) {
      expect(lost).toMatchObject({ __typename: "InsufficientStockError", message: "One-off Kente Jacket is out of stock", available: 0 });
    }
    expect(await stockOf(piece.id)).toBe(0);
    expect(await t.prisma.orderItem.count({ where: { productId: piece.id } })).toBe(1);
  });

  it("paid at once: the money comes in with the order (confirmed, paid, its reference kept, never expired), audited under the owner's name, and the buyer emailed", async () => {
    const piece = await makeProduct(t.prisma, { stock: 2, price: "9500.00" });
    const taken = await createManual(
      admin,
      manual(piece.id, { channel: "in_person", deliveryMethod: "pickup", address: null, paid: true, bankReference: " OPAY-7731 ", email: "Tolu@Example.ng" }),
    );
    const order = taken.data;
    expect(order).toMatchObject({
      channel: "in_person",
      status: "confirmed",
      paymentStatus: "paid",
      total: "9500.00",
      amountPaid: "9500.00",
      amountDue: "0.00",
      customerEmail: "tolu@example.ng",
    });
    expect(order.customerAddress).toBe(t.config.store.pickupAddress);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.bankReference).toBe("OPAY-7731");
    expect(stored.paidAt).not.toBeNull();
    const paid = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "payment.marked_paid" } });
    expect(paid).toMatchObject({ actorLabel: "admin@test.local", after: expect.objectContaining({ paymentStatus: "paid", bankReference: "OPAY-7731", total: "9500.00" }) });
    const mail = await t.prisma.emailOutbox.findMany({ where: { to: "tolu@example.ng" } });
    expect(mail.map((m) => m.subject)).toEqual([`Payment confirmed for order ${order.shortOrderId}`]);
    await expireOverdueOrders(t.prisma, t.config, new Date(Date.now() + 30 * 24 * 3600_000));
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await stockOf(piece.id)).toBe(1);
  });

  it("charges the same delivery fee as the web checkout, and a resent form returns the same order", async () => {
    await t.prisma.deliverySettings.upsert({ where: { id: 1 }, create: { doorstepFee: "2500.00", parkFee: "1500.00" }, update: { doorstepFee: "2500.00" } });
    await t.prisma.deliveryStateFee.upsert({ where: { method_state: { method: "doorstep", state: "Kano" } }, create: { method: "doorstep", state: "Kano", fee: "6000.00" }, update: {} });
    try {
      const [a, b] = [await makeProduct(t.prisma, { stock: 2, price: "7000.00" }), await makeProduct(t.prisma, { stock: 2, price: "7000.00" })];
      const where = { deliveryState: "Kano", address: "12 Zoo Road, Kano" };
      const web = await placeOrder(t.client(), { ...details(where), items: [{ productId: a.id, quantity: 1 }] });
      const key = randomUUID();
      const input = manual(b.id, { ...where, idempotencyKey: key });
      const [first, again] = [await createManual(admin, input), await createManual(admin, input)];
      expect(first.data.deliveryFee).toBe("6000.00");
      expect(first.data.total).toBe("13000.00");
      expect(first.data.total).toBe(web.data.order.total);
      expect(again.data.id).toBe(first.data.id);
      expect(await stockOf(b.id)).toBe(1);
    } finally {
      await t.prisma.deliveryStateFee.deleteMany();
      await t.prisma.deliverySettings.deleteMany();
    }
  });

  it("an unpaid order's payment link is for the team; its page is public and masks the buyer; a paid order has no link", async () => {
    const piece = await makeProduct(t.prisma, { stock: 2, price: "6000.00" });
    const unpaid = (await createManual(admin, manual(piece.id, { email: "amaka.obi@example.ng" }))).data;
    const LINK = `query($ref: String!) { trackOrder(reference: $ref) { paymentLink } }`;
    expect((await admin.data(LINK, { ref: unpaid.shortOrderId })).trackOrder.paymentLink).toBe(`${t.config.publicUrl}/pay/${unpaid.shortOrderId}`);
    expect((await t.client().data(LINK, { ref: unpaid.shortOrderId })).trackOrder.paymentLink).toBeNull();
    const PAGE = `query($ref: String!) { paymentPage(reference: $ref) { buyerName phoneHint emailHint addressHint order { shortOrderId total customerPhone customerEmail customerAddress } } }`;
    const page = (await t.client().data(PAGE, { ref: unpaid.shortOrderId })).paymentPage;
    expect(page).toEqual({
      buyerName: "Amaka",
      phoneHint: "0805 ••• ••34",
      emailHint: "a•••@example.ng",
      addressHint: "•••, Surulere",
      order: { shortOrderId: unpaid.shortOrderId, total: "6000.00", customerPhone: null, customerEmail: null, customerAddress: null },
    });
    expect((await t.client().data(PAGE, { ref: "ZZZZZZZZ" })).paymentPage).toBeNull();
    const paid = (await createManual(admin, manual(piece.id, { paid: true }))).data;
    expect((await admin.data(LINK, { ref: paid.shortOrderId })).trackOrder.paymentLink).toBeNull();
  });

  it("a phone number brings back the buyer's latest name and address, for the team only", async () => {
    const piece = await makeProduct(t.prisma, { stock: 1 });
    await createManual(admin, manual(piece.id, { phone: "0807 000 1122", fullName: "Bisi Ade", address: "9 Ring Road, Ibadan", deliveryState: "Oyo" }));
    const EARLIER = `query($phone: String!) { earlierCustomer(phone: $phone) { fullName email deliveryMethod address deliveryState } }`;
    expect((await admin.data(EARLIER, { phone: "+234 807 000 1122" })).earlierCustomer).toEqual({
      fullName: "Bisi Ade",
      email: null,
      deliveryMethod: "doorstep",
      address: "9 Ring Road, Ibadan",
      deliveryState: "Oyo",
    });
    expect((await admin.data(EARLIER, { phone: "0807 999 9999" })).earlierCustomer).toBeNull();
    expect((await t.client().request(EARLIER, { phone: "0807 000 1122" })).errors?.[0]?.message).toBe("Please log in to continue");
  });

  it("the admin order list filters by channel", async () => {
    const piece = await makeProduct(t.prisma, { stock: 1 });
    const taken = (await createManual(admin, manual(piece.id, { channel: "other" }))).data;
    const list = async (channel: string) =>
      (await admin.data(`query($filter: AdminOrderFilter) { adminOrders(filter: $filter) { id channel } }`, { filter: { channel } })).adminOrders;
    expect(await list("other")).toEqual([{ id: taken.id, channel: "other" }]);
    const web = await list("web");
    expect(web.length).toBeGreaterThan(0);
    expect(web.every((order: { channel: string }) => order.channel === "web")).toBe(true);
  });

  it.each([
    ["the web channel", { channel: "web" }, "Choose where the sale was made: WhatsApp, Instagram, in person or other"],
    ["a hold of 73 hours", { holdHours: 73 }, "Hold must be between 1 and 72 hours"],
    ["a hold of 0 hours", { holdHours: 0 }, "Hold must be between 1 and 72 hours"],
    ["a bad email", { email: "not-an-email" }, "Invalid email address"],
    ["a phone that is not Nigerian", { phone: "+44 20 7946 0958" }, "Enter a valid Nigerian phone number, e.g. 0803 123 4567"],
    ["doorstep without a state", { deliveryState: null }, "Please choose your state"],
    ["a bank reference on an unpaid order", { bankReference: "X-1" }, "A bank reference is only kept for an order that is paid already"],
    ["no pieces", { items: [] }, "Your cart is empty"],
  ])("refuses %s and changes nothing", async (_label, override, message) => {
    const piece = await makeProduct(t.prisma, { stock: 1 });
    const before = await t.prisma.order.count();
    expect(await createManual(admin, manual(piece.id, override))).toMatchObject({ __typename: "ValidationError", message });
    expect(await t.prisma.order.count()).toBe(before);
    expect(await stockOf(piece.id)).toBe(1);
  });
});
