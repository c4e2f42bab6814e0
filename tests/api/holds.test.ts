// Holds and expiry with a controllable clock: stock returns exactly once, even when runs race.
import { requestStatements, startTestStore, type TestStore } from "../helpers/store.ts";
import { createTestOrder, receiptUrl, signedInCustomer } from "../helpers/orders.ts";
import { expireOverdueOrders } from "../../server/src/modules/payments/holds.service.ts";
import { holdExpiryJob } from "../../server/src/jobs/hold-expiry.job.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const HOUR = 3600_000;
// Far enough ahead that the server's own job (real clock) never touches these orders.
const base = Date.now() + 30 * 24 * HOUR;
const at = (hours: number) => new Date(base + hours * HOUR);

const SUBMIT = `mutation($input: SubmitReceiptInput!) {
  submitPaymentReceipt(input: $input) { __typename ... on Error { message } ... on MutationSubmitPaymentReceiptSuccess { data { order { holdExpiresAt holdExtended } } } }
}`;

async function stockOf(id: string) {
  return (await t.prisma.product.findUniqueOrThrow({ where: { id } })).stock;
}

describe("hold expiry", () => {
  it("returns the stock exactly once even when two expiry runs race", async () => {
    const product = await makeProduct(t.prisma, { stock: 3, price: "15000.00", size: null });
    const orders = [
      await createTestOrder(t.prisma, { productId: product.id, quantity: 2, holdExpiresAt: at(1), email: "race@example.com" }),
      await createTestOrder(t.prisma, { productId: product.id, quantity: 1, holdExpiresAt: at(2), email: "race@example.com" }),
    ];
    expect(await stockOf(product.id)).toBe(0);
    const [a, b, c] = await Promise.all([
      expireOverdueOrders(t.prisma, t.config, at(3)),
      expireOverdueOrders(t.prisma, t.config, at(3)),
      holdExpiryJob(t.prisma, t.config, () => at(3)).run() as Promise<string[]>,
    ]);
    const expired = [...a, ...b, ...c].filter((ref) => orders.some((o) => o.shortOrderId === ref));
    expect(expired.sort()).toEqual(orders.map((o) => o.shortOrderId).sort());
    expect(await stockOf(product.id)).toBe(3);
    for (const order of orders) {
      const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      expect(stored).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
      expect(await t.prisma.auditEntry.count({ where: { orderId: order.id, action: "order.expired" } })).toBe(1);
    }
    const emails = await t.prisma.emailOutbox.findMany({ where: { to: "race@example.com" } });
    expect(emails.filter((e) => e.subject.includes("was cancelled"))).toHaveLength(2);
    // A later run finds nothing more to do.
    await expireOverdueOrders(t.prisma, t.config, at(10));
    expect(await stockOf(product.id)).toBe(3);
  });

  it("returns no stock for an order whose claim already put its pieces back on sale", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "15000.00", size: null });
    const order = await createTestOrder(t.prisma, { productId: product.id, holdExpiresAt: at(1) });
    // Shipped unpaid, claimed, restocked, then moved back to pending: the piece is on sale already.
    await t.prisma.claim.create({ data: { orderId: order.id, reason: "not_received", message: "Never came", status: "accepted", restockedAt: at(0.5) } });
    await t.prisma.product.update({ where: { id: product.id }, data: { stock: { increment: 1 } } });
    expect(await stockOf(product.id)).toBe(1);
    expect(await expireOverdueOrders(t.prisma, t.config, at(2))).toContain(order.shortOrderId);
    expect(await stockOf(product.id)).toBe(1);
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
  });

  it("leaves orders alone until the hold has passed, and never expires a paid order", async () => {
    const product = await makeProduct(t.prisma, { stock: 2, price: "15000.00", size: null });
    const unpaid = await createTestOrder(t.prisma, { productId: product.id, holdExpiresAt: at(24) });
    const paid = await createTestOrder(t.prisma, { productId: product.id, holdExpiresAt: at(24) });
    await t.prisma.order.update({ where: { id: paid.id }, data: { paymentStatus: "paid", status: "confirmed" } });
    await expireOverdueOrders(t.prisma, t.config, at(23.9));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: unpaid.id } })).status).toBe("pending");
    await expireOverdueOrders(t.prisma, t.config, at(24));
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: unpaid.id } })).paymentStatus).toBe("expired");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: paid.id } })).paymentStatus).toBe("paid");
    expect(await stockOf(product.id)).toBe(1);
  });

  it("an order whose Paystack transfer account is still pending waits 15 minutes past the account's end, so a transfer sent in time finds it open", async () => {
    const payment = (orderId: string, status: "pending" | "failed") =>
      t.prisma.providerPayment.create({
        data: { orderId, provider: "paystack", reference: `ps-${orderId}`, amountKobo: 1_500_000, channel: "bank_transfer", status, accountNumber: "9930000001", accountName: "PAYSTACK CHECKOUT", bankName: "Test Bank", accountExpiresAt: at(5) },
      });
    const waiting = await createTestOrder(t.prisma, { holdExpiresAt: at(5) });
    await payment(waiting.id, "pending");
    // A payment Paystack said will not come holds nothing.
    const given = await createTestOrder(t.prisma, { holdExpiresAt: at(5) });
    await payment(given.id, "failed");
    const statusOf = async (id: string) => (await t.prisma.order.findUniqueOrThrow({ where: { id } })).status;
    await expireOverdueOrders(t.prisma, t.config, at(5 + 14 / 60));
    expect([await statusOf(waiting.id), await statusOf(given.id)]).toEqual(["pending", "cancelled"]);
    await expireOverdueOrders(t.prisma, t.config, at(5 + 15 / 60));
    expect(await statusOf(waiting.id)).toBe("cancelled");
  });

  it("the audit entry of an expiry says what stock came back and why", async () => {
    const order = await createTestOrder(t.prisma, { quantity: 2, holdExpiresAt: at(1) });
    await expireOverdueOrders(t.prisma, t.config, at(2));
    const entry = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "order.expired" } });
    expect(entry.actorLabel).toBe("system");
    expect(entry.before).toEqual({ status: "pending", paymentStatus: "awaiting_transfer" });
    expect(entry.after).toEqual({ status: "cancelled", paymentStatus: "expired", stockReturned: [{ productId: order.items[0]!.productId, quantity: 2 }] });
    expect(entry.reason).toContain("No payment confirmed before the hold ended");
  });
});

describe("hold extension by a receipt", () => {
  it("a receipt extends the hold by 24 hours once; a second receipt does not extend it again", async () => {
    const { client, userId } = await signedInCustomer(t);
    const deadline = new Date(Date.now() + 24 * HOUR);
    const order = await createTestOrder(t.prisma, { userId, holdExpiresAt: deadline });
    const input = { orderId: order.id, fileUrl: await receiptUrl(t, order.id), senderName: "Ada Obi", senderBank: "GTBank" };
    const first = await client.data(SUBMIT, { input });
    expect(first.submitPaymentReceipt.data.order).toEqual({ holdExpiresAt: new Date(deadline.getTime() + 24 * HOUR).toISOString(), holdExtended: true });
    const second = await client.data(SUBMIT, { input: { ...input, fileUrl: await receiptUrl(t, order.id) } });
    expect(second.submitPaymentReceipt.data.order.holdExpiresAt).toBe(new Date(deadline.getTime() + 24 * HOUR).toISOString());
    expect(await t.prisma.paymentReceipt.count({ where: { orderId: order.id } })).toBe(2);
  });

  it("two receipts sent at the same moment still extend the hold only once", async () => {
    const { client, userId } = await signedInCustomer(t);
    const deadline = new Date(Date.now() + 24 * HOUR);
    const order = await createTestOrder(t.prisma, { userId, holdExpiresAt: deadline });
    const send = async () => client.data(SUBMIT, { input: { orderId: order.id, fileUrl: await receiptUrl(t, order.id), senderName: "Ada Obi", senderBank: "GTBank" } });
    await Promise.all([send(), send()]);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.holdExpiresAt!.getTime()).toBe(deadline.getTime() + 24 * HOUR);
  });

  it("a receipt after the hold ended is refused", async () => {
    const { client, userId } = await signedInCustomer(t);
    // Moved on to processing while unpaid, so the server's own expiry run (real clock, pending orders
    // only) cannot cancel it first: on a busy machine it did, and the refusal said "cancelled".
    const { id } = await createTestOrder(t.prisma, { userId, holdExpiresAt: new Date(Date.now() + HOUR) });
    const order = await t.prisma.order.update({ where: { id }, data: { status: "processing", holdExpiresAt: new Date(Date.now() - 1000) } });
    const res = await client.data(SUBMIT, { input: { orderId: order.id, fileUrl: await receiptUrl(t, order.id), senderName: "Ada Obi", senderBank: "GTBank" } });
    expect(res.submitPaymentReceipt.message).toBe("The reservation for this order has ended. Please contact us on WhatsApp.");
  });
});

describe("On hold products", () => {
  const LIST = `{ products(limit: 48) { items { id stock onHold } } }`;

  it("a sold-out product is On hold while an unpaid order holds it, and back in stock after expiry", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "15000.00", size: null });
    const soldOut = await makeProduct(t.prisma, { stock: 0, price: "15000.00", size: null });
    const order = await createTestOrder(t.prisma, { productId: product.id, holdExpiresAt: at(1) });
    const find = async () => {
      const { products } = await t.client().data(LIST);
      return (id: string) => products.items.find((p: { id: string }) => p.id === id);
    };
    let byId = await find();
    expect(byId(product.id)).toMatchObject({ stock: 0, onHold: true });
    expect(byId(soldOut.id)).toMatchObject({ stock: 0, onHold: false });
    await expireOverdueOrders(t.prisma, t.config, at(2));
    byId = await find();
    expect(byId(product.id)).toMatchObject({ stock: 1, onHold: false });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
  });

  it("a list of sold-out products costs one statement for On hold, however long the list", async () => {
    for (let i = 0; i < 6; i++) await createTestOrder(t.prisma, { holdExpiresAt: at(100) });
    t.queries.length = 0;
    const { products } = await t.client().data(LIST);
    expect(products.items.filter((p: { onHold: boolean }) => p.onHold).length).toBeGreaterThanOrEqual(6);
    expect(requestStatements(t.queries).filter((q) => q.includes("order_items")).length).toBe(1);
  });
});
