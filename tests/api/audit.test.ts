// The audit log: every payment decision and expiry leaves who, when, before, after and why;
// admins read it per order (timeline) and as a filterable list.
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { createTestOrder, receiptUrl, signedInCustomer } from "../helpers/orders.ts";
import { expireOverdueOrders } from "../../server/src/modules/payments/holds.service.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const SUBMIT = `mutation($input: SubmitReceiptInput!) { submitPaymentReceipt(input: $input) { __typename } }`;
const TIMELINE = `query($orderId: ID!) { orderAuditTimeline(orderId: $orderId) { action actorLabel before after reason createdAt } }`;
const LOG = `query($filter: AuditFilter, $limit: Int) { auditLog(filter: $filter, limit: $limit) { totalCount items { action orderId createdAt } } }`;

describe("audit log", () => {
  it("every payment decision leaves an entry: receipt, reject, receipt, paid — in the order's timeline", async () => {
    const { client, userId, email } = await signedInCustomer(t);
    const order = await createTestOrder(t.prisma, { userId });
    const admin = await t.admin();
    const receipt = async () => client.data(SUBMIT, { input: { orderId: order.id, fileUrl: await receiptUrl(t, order.id), senderName: "Ada Obi", senderBank: "Opay" } });
    await receipt();
    await admin.data(`mutation($id: ID!) { rejectPayment(orderId: $id, reason: "Amount short by ₦500") { __typename } }`, { id: order.id });
    await receipt();
    await admin.data(`mutation($id: ID!) { markOrderPaid(orderId: $id) { __typename } }`, { id: order.id });
    const { orderAuditTimeline } = await admin.data(TIMELINE, { orderId: order.id });
    expect(orderAuditTimeline.map((e: { action: string; actorLabel: string }) => `${e.action} by ${e.actorLabel}`)).toEqual([
      `payment.receipt_submitted by ${email}`,
      "payment.rejected by admin@test.local",
      `payment.receipt_submitted by ${email}`,
      "payment.marked_paid by admin@test.local",
    ]);
    const rejected = orderAuditTimeline[1];
    expect(rejected.reason).toBe("Amount short by ₦500");
    expect(JSON.parse(rejected.before)).toEqual({ paymentStatus: "under_review" });
    expect(JSON.parse(rejected.after)).toEqual({ paymentStatus: "awaiting_transfer" });
    const times = orderAuditTimeline.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("an expiry is audited as the system", async () => {
    const order = await createTestOrder(t.prisma, { holdExpiresAt: new Date(Date.now() + 90 * 24 * 3600_000) });
    await expireOverdueOrders(t.prisma, t.config, new Date(Date.now() + 91 * 24 * 3600_000));
    const { orderAuditTimeline } = await (await t.admin()).data(TIMELINE, { orderId: order.id });
    expect(orderAuditTimeline).toEqual([expect.objectContaining({ action: "order.expired", actorLabel: "system" })]);
  });

  it("admins filter the list by action and by date; newest first", async () => {
    const admin = await t.admin();
    const all = await admin.data(LOG, {});
    expect(all.auditLog.totalCount).toBeGreaterThanOrEqual(5);
    const times = all.auditLog.items.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const paid = await admin.data(LOG, { filter: { action: "payment.marked_paid" } });
    expect(paid.auditLog.items.length).toBeGreaterThan(0);
    expect(paid.auditLog.items.every((e: { action: string }) => e.action === "payment.marked_paid")).toBe(true);
    const future = await admin.data(LOG, { filter: { from: new Date(Date.now() + 3600_000).toISOString() } });
    expect(future.auditLog.totalCount).toBe(0);
    const past = await admin.data(LOG, { filter: { to: new Date(Date.now() - 3600_000).toISOString() } });
    expect(past.auditLog.totalCount).toBe(0);
    const { auditActions } = await admin.data(`{ auditActions }`);
    expect(auditActions).toEqual(expect.arrayContaining(["order.expired", "payment.marked_paid", "payment.receipt_submitted", "payment.rejected"]));
    const bad = await admin.request(LOG, { limit: 1000 });
    expect(bad.errors?.[0]?.message).toBe("limit must be between 1 and 100");
  });

  it("only admins read the audit log", async () => {
    const { client } = await signedInCustomer(t);
    for (const [c, code] of [
      [client, "FORBIDDEN"],
      [t.client(), "UNAUTHENTICATED"],
    ] as const) {
      expect((await c.request(LOG, {})).errors?.[0]?.extensions?.code).toBe(code);
      expect((await c.request(TIMELINE, { orderId: "00000000-0000-4000-8000-000000000000" })).errors?.[0]?.extensions?.code).toBe(code);
    }
  });
});
