// Bundles through the API (addToOrder): the owner adds pieces to an unpaid or a paid order with no
// second delivery fee, a paid order then awaits its balance (paid by transfer, receipt or Paystack:
// the Paystack balance is in paystack.test.ts), strangers and shipped orders are refused with
// nothing written, and an addition races a web checkout for the last piece like any checkout.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { receiptUrl } from "../helpers/orders.ts";
import { expireOverdueOrders } from "../../server/src/modules/payments/holds.service.ts";

const ADD = `mutation($input: AddToOrderInput!) { addToOrder(input: $input) {
  __typename ... on Error { message }
  ... on MutationAddToOrderSuccess { data { id shortOrderId total deliveryFee subtotal amountPaid amountDue paymentStatus addableUntil customerPhone
    items { productName quantity price addedAt } } } } }`;
const MARK_PAID = `mutation($orderId: ID!) { markOrderPaid(orderId: $orderId) { __typename ... on Error { message }
  ... on MutationMarkOrderPaidSuccess { data { order { paymentStatus amountPaid amountDue } } } } }`;
const SHIP = `mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename ... on Error { message } } }`;
const SUBMIT = `mutation($input: SubmitReceiptInput!) { submitPaymentReceipt(input: $input) { __typename ... on Error { message }
  ... on MutationSubmitPaymentReceiptSuccess { data { order { paymentStatus } } } } }`;

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
  await t.prisma.deliverySettings.upsert({ where: { id: 1 }, create: { id: 1, doorstepFee: "3000", parkFee: "2000" }, update: { doorstepFee: "3000", parkFee: "2000" } });
});
afterAll(() => t?.close());

/** A guest order of one ₦10,000 piece, doorstep (₦3,000 fee). */
async function guestOrder(client = t.client()) {
  const piece = await makeProduct(t.prisma, { stock: 1, price: "10000.00" });
  const placed = await placeOrder(client, { ...details({ phone: "0803 123 4567" }), items: [{ productId: piece.id, quantity: 1 }] });
  expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
  return placed.data.order as { id: string; shortOrderId: string; total: string };
}

async function add(client: GraphQLClient, input: Record<string, unknown>) {
  return (await client.data(ADD, { input })).addToOrder;
}

const snapshot = async (orderId: string, productId: string) => ({
  order: await t.prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { total: true, paymentStatus: true, updatedAt: true } }),
  items: await t.prisma.orderItem.count({ where: { orderId } }),
  stock: (await t.prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock,
});

describe("adding pieces to an order", () => {
  it("a guest adds to their unpaid order with its phone: stock taken, total grows by the pieces alone, no second fee, audited and emailed", async () => {
    const order = await guestOrder();
    const scarf = await makeProduct(t.prisma, { name: "Silk Scarf", stock: 3, price: "2500.00" });
    const added = await add(t.client(), { reference: order.shortOrderId.toLowerCase(), phone: "+2348031234567", items: [{ productId: scarf.id, quantity: 2 }] });
    expect(added.__typename).toBe("MutationAddToOrderSuccess");
    expect(added.data).toMatchObject({ total: "18000.00", deliveryFee: "3000.00", subtotal: "15000.00", amountPaid: "0.00", amountDue: "18000.00", paymentStatus: "awaiting_transfer" });
    expect(added.data.customerPhone).toBe("+2348031234567");
    const scarves = added.data.items.find((item: { productName: string }) => item.productName === "Silk Scarf");
    expect(scarves).toMatchObject({ quantity: 2, price: "2500.00" });
    expect(Math.abs(Date.parse(scarves.addedAt) - Date.now())).toBeLessThan(60_000);
    expect(added.data.items.filter((item: { addedAt: string | null }) => item.addedAt === null)).toHaveLength(1);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: scarf.id } })).stock).toBe(1);
    expect(await t.prisma.auditEntry.count({ where: { orderId: order.id, action: "order.pieces_added" } })).toBe(1);
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { subject: `Pieces added to order ${order.shortOrderId}` } });
    expect(email.body).toContain("Silk Scarf × 2");
    expect(email.body).toContain("Please pay ₦18,000 by bank transfer");
  });

  it("a signed-in owner adds to a paid order: it awaits the balance, which a receipt and Mark paid then settle", async () => {
    const shopper = await signedUp(t);
    const first = await makeProduct(t.prisma, { stock: 1, price: "10000.00" });
    await shopper.data(ADD_TO_CART, { productId: first.id, quantity: 1 });
    const order = (await placeOrder(shopper, details())).data.order;
    expect((await admin.data(MARK_PAID, { orderId: order.id })).markOrderPaid.data.order).toMatchObject({ paymentStatus: "paid", amountPaid: "13000.00" });
    const belt = await makeProduct(t.prisma, { stock: 1, price: "4000.00" });
    const added = await add(shopper, { reference: order.shortOrderId, items: [{ productId: belt.id, quantity: 1 }] });
    expect(added.data).toMatchObject({ total: "17000.00", amountPaid: "13000.00", amountDue: "4000.00", paymentStatus: "awaiting_transfer" });
    // Held for its balance like a new order (HOLD_HOURS), from the moment it grew.
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ status: "confirmed", holdExtended: false });
    expect(Math.abs(stored.holdExpiresAt!.getTime() - stored.balanceSince!.getTime() - t.config.holdHours * 3600_000)).toBeLessThan(1000);
    const receipt = { orderId: order.id, fileUrl: await receiptUrl(t, order.id), senderName: "Ada Obi", senderBank: "Access Bank" };
    expect((await shopper.data(SUBMIT, { input: receipt })).submitPaymentReceipt.data.order.paymentStatus).toBe("under_review");
    expect((await admin.data(MARK_PAID, { orderId: order.id })).markOrderPaid.data.order).toEqual({ paymentStatus: "paid", amountPaid: "17000.00", amountDue: "0.00" });
    // Paid in time: the pieces are the shopper's, and the hold's end releases nothing.
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).balanceSince).toBeNull();
    expect(await expireOverdueOrders(t.prisma, t.config, new Date(Date.now() + 30 * 24 * 3600_000))).not.toContain(order.shortOrderId);
    expect(await t.prisma.orderItem.count({ where: { orderId: order.id } })).toBe(2);
  });

  it("a paid order's balance unpaid when its hold ends: the added pieces go back on sale and come off it, and it goes ahead paid", async () => {
    const shopper = await signedUp(t);
    const first = await makeProduct(t.prisma, { stock: 1, price: "10000.00" });
    await shopper.data(ADD_TO_CART, { productId: first.id, quantity: 1 });
    const order = (await placeOrder(shopper, details())).data.order;
    await admin.data(MARK_PAID, { orderId: order.id });
    const belt = await makeProduct(t.prisma, { name: "Leather Belt", stock: 1, price: "4000.00" });
    const scarf = await makeProduct(t.prisma, { name: "Silk Scarf", stock: 3, price: "2500.00" });
    await add(shopper, { reference: order.shortOrderId, items: [{ productId: belt.id, quantity: 1 }] });
    // A second addition while the balance is open joins the first (and its hold).
    expect((await add(shopper, { reference: order.shortOrderId, items: [{ productId: scarf.id, quantity: 2 }] })).data).toMatchObject({ total: "22000.00", amountDue: "9000.00" });
    const { holdExpiresAt } = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    // Both emails give the time the added pieces are released, the second's from the first's hold.
    const told = await t.prisma.emailOutbox.findMany({ where: { subject: `Pieces added to order ${order.shortOrderId}` } });
    expect(told.map((email) => email.body.includes("If the balance is not paid by"))).toEqual([true, true]);
    expect(await expireOverdueOrders(t.prisma, t.config, new Date(holdExpiresAt!.getTime() - 1000))).not.toContain(order.shortOrderId);
    const after = new Date(holdExpiresAt!.getTime() + 1000);
    expect(await expireOverdueOrders(t.prisma, t.config, after)).toContain(order.shortOrderId);
    const released = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { items: true } });
    expect(released).toMatchObject({ status: "confirmed", paymentStatus: "paid", balanceSince: null, holdExpiresAt: null });
    expect([released.total.toFixed(2), released.amountPaid.toFixed(2), released.items.map((item) => item.productId)]).toEqual(["13000.00", "13000.00", [first.id]]);
    const stock = async (id: string) => (await t.prisma.product.findUniqueOrThrow({ where: { id } })).stock;
    expect([await stock(belt.id), await stock(scarf.id), await stock(first.id)]).toEqual([1, 3, 0]);
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { subject: `Order ${order.shortOrderId}: the pieces added were released` } });
    expect(email.body).toContain("Leather Belt × 1");
    expect(email.body).toContain("Silk Scarf × 2");
    expect(await t.prisma.auditEntry.count({ where: { orderId: order.id, action: "order.additions_released" } })).toBe(1);
    // Once: a second run (another instance) finds nothing to release.
    expect(await expireOverdueOrders(t.prisma, t.config, after)).not.toContain(order.shortOrderId);
    expect(await stock(scarf.id)).toBe(3);
  });

  it("a balance hold follows the order's moves: back to pending it releases only the additions, shipped it releases nothing, reopened it holds afresh", async () => {
    const far = (hours: number) => new Date(Date.now() + hours * 3600_000);
    const status = async (orderId: string, to: string) =>
      expect((await admin.data(SHIP, { input: { orderId, status: to, confirmUnpaid: true } })).updateOrderStatus.__typename).toBe("MutationUpdateOrderStatusSuccess");
    const grown = async (before?: string) => {
      const shopper = await signedUp(t);
      const first = await makeProduct(t.prisma, { stock: 1, price: "10000.00" });
      await shopper.data(ADD_TO_CART, { productId: first.id, quantity: 1 });
      const order = (await placeOrder(shopper, details())).data.order as { id: string; shortOrderId: string };
      await admin.data(MARK_PAID, { orderId: order.id });
      if (before) await status(order.id, before);
      const extra = await makeProduct(t.prisma, { stock: 1, price: "4000.00" });
      expect((await add(shopper, { reference: order.shortOrderId, items: [{ productId: extra.id, quantity: 1 }] })).data.amountDue).toBe("4000.00");
      return order;
    };
    const lines = async (orderId: string) => t.prisma.orderItem.count({ where: { orderId } });

    // A paid order the admin moved back to pending: the additions are released, never the paid order.
    const pending = await grown("pending");
    expect(await expireOverdueOrders(t.prisma, t.config, far(t.config.holdHours + 1))).toContain(pending.shortOrderId);
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await lines(pending.id)).toBe(1);

    // Shipped with the balance owed: the pieces went with the parcel.
    const shipped = await grown();
    await status(shipped.id, "shipped");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: shipped.id } })).balanceSince).toBeNull();
    await status(shipped.id, "processing");
    expect(await expireOverdueOrders(t.prisma, t.config, far(t.config.holdHours + 1))).not.toContain(shipped.shortOrderId);
    expect(await lines(shipped.id)).toBe(2);

    // Cancelled, then reopened to confirmed once the hold is over: a fresh hold, not a release at once.
    const reopened = await grown();
    await status(reopened.id, "cancelled");
    await t.prisma.order.update({ where: { id: reopened.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    await status(reopened.id, "confirmed");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: reopened.id } })).holdExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await expireOverdueOrders(t.prisma, t.config, new Date())).not.toContain(reopened.shortOrderId);
    expect(await lines(reopened.id)).toBe(2);
  });

  it("Mark paid with the balance the admin checked is refused once pieces were added meanwhile, and nothing is counted", async () => {
    const order = await guestOrder();
    await t.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "under_review" } });
    // The admin opened the receipt of ₦13,000; the shopper adds a ₦2,500 scarf before the click.
    const scarf = await makeProduct(t.prisma, { stock: 1, price: "2500.00" });
    expect((await add(t.client(), { reference: order.shortOrderId, phone: "08031234567", items: [{ productId: scarf.id, quantity: 1 }] })).data.amountDue).toBe("15500.00");
    const MARK_SEEN = `mutation($orderId: ID!, $amountDue: String) { markOrderPaid(orderId: $orderId, amountDue: $amountDue) { __typename ... on Error { message }
      ... on MutationMarkOrderPaidSuccess { data { order { paymentStatus amountPaid } } } } }`;
    const stale = await admin.data(MARK_SEEN, { orderId: order.id, amountDue: "13000.00" });
    expect(stale.markOrderPaid).toEqual({
      __typename: "ValidationError",
      message: "This order now asks ₦15,500: it changed since you opened it. Check the bank for that amount, then mark it paid again.",
    });
    const unchanged = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([unchanged.paymentStatus, unchanged.amountPaid.toFixed(2)]).toEqual(["under_review", "0.00"]);
    expect((await admin.data(MARK_SEEN, { orderId: order.id, amountDue: "15,500" })).markOrderPaid.data.order).toEqual({ paymentStatus: "paid", amountPaid: "15500.00" });
  });

  it("a stranger (wrong phone, another account, no proof) is told the order is not found, and nothing is written", async () => {
    const order = await guestOrder();
    const piece = await makeProduct(t.prisma, { stock: 1, price: "5000.00" });
    const before = await snapshot(order.id, piece.id);
    const other = await signedUp(t);
    const items = [{ productId: piece.id, quantity: 1 }];
    for (const [client, phone] of [[t.client(), "0803 999 9999"], [other, null], [t.client(), null]] as const) {
      expect(await add(client, { reference: order.shortOrderId, phone, items })).toEqual({ __typename: "NotFoundError", message: "Order not found" });
    }
    expect(await snapshot(order.id, piece.id)).toEqual(before);
  });

  it("a shipped order refuses additions with a clear message and takes nothing", async () => {
    const order = await guestOrder();
    await admin.data(MARK_PAID, { orderId: order.id });
    const shipped = await admin.data(SHIP, { input: { orderId: order.id, status: "shipped", transportCompany: "GIG Logistics", waybillNumber: "WB123" } });
    expect(shipped.updateOrderStatus.__typename).toBe("MutationUpdateOrderStatusSuccess");
    const piece = await makeProduct(t.prisma, { stock: 1, price: "5000.00" });
    const before = await snapshot(order.id, piece.id);
    expect(await add(t.client(), { reference: order.shortOrderId, phone: "08031234567", items: [{ productId: piece.id, quantity: 1 }] })).toEqual({
      __typename: "ValidationError",
      message: "This order has already shipped, so no more pieces can be added. Please place a new order.",
    });
    expect(await snapshot(order.id, piece.id)).toEqual(before);
  });

  it("an addition racing a web checkout for the last piece: exactly one gets it, stock never below zero", async () => {
    const order = await guestOrder();
    for (let round = 0; round < 3; round++) {
      const last = await makeProduct(t.prisma, { name: `Last Ankara ${round}`, stock: 1, price: "7000.00" });
      const items = [{ productId: last.id, quantity: 1 }];
      const [addition, checkout] = await Promise.all([
        add(t.client(), { reference: order.shortOrderId, phone: "08031234567", items }),
        placeOrder(t.client(), { ...details(), items }),
      ]);
      const winners = [addition.__typename === "MutationAddToOrderSuccess", checkout.__typename === "MutationPlaceOrderSuccess"].filter(Boolean);
      expect(winners).toHaveLength(1);
      for (const loser of [addition, checkout].filter((r) => !r.__typename.endsWith("Success"))) expect(loser.message).toBe(`Last Ankara ${round} is out of stock`);
      expect((await t.prisma.product.findUniqueOrThrow({ where: { id: last.id } })).stock).toBe(0);
      expect(await t.prisma.orderItem.count({ where: { productId: last.id } })).toBe(1);
    }
  });
});
