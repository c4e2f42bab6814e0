import { startTestStore, type GraphQLClient, type TestStore, ADMIN_EMAIL } from "../helpers/store.ts";
import { makeOrder } from "./admin-fixtures.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
});
afterAll(() => t?.close());

const UPDATE_STATUS = `mutation($input: UpdateOrderStatusInput!) {
  updateOrderStatus(input: $input) {
    __typename
    ... on Error { message }
    ... on MutationUpdateOrderStatusSuccess { data { id status trackingNumber trackingStatus trackingUpdatedAt transportCompany waybillNumber driverPhone } }
  }
}`;

const stockOf = async (id: string) => (await t.prisma.product.findUniqueOrThrow({ where: { id } })).stock;

describe("order status changes", () => {
  it("shipping assigns a tracking number once, tracking follows the status, and shipping details are kept", async () => {
    const product = await makeProduct(t.prisma, { stock: 4, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    const shipped = await admin.data(UPDATE_STATUS, {
      input: { orderId: order.id, status: "shipped", confirmUnpaid: true, transportCompany: "GUO Transport", waybillNumber: "WB-7781", driverPhone: "0803 123 4567" },
    });
    const data = shipped.updateOrderStatus.data;
    expect(data.status).toBe("shipped");
    expect(data.trackingNumber).toMatch(/^TRK-[0-9A-Z]{10}$/);
    expect(data.trackingStatus).toBe("shipped");
    expect(data.trackingUpdatedAt).toBeTruthy();
    expect(data).toMatchObject({ transportCompany: "GUO Transport", waybillNumber: "WB-7781", driverPhone: "+2348031234567" });

    const delivered = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "delivered", confirmUnpaid: true } });
    expect(delivered.updateOrderStatus.data.trackingNumber).toBe(data.trackingNumber);
    expect(delivered.updateOrderStatus.data.trackingStatus).toBe("delivered");
    expect(delivered.updateOrderStatus.data.transportCompany).toBe("GUO Transport");
  });

  it("any status can be chosen from any other, and every change is audited with who, before, after and why", async () => {
    const product = await makeProduct(t.prisma, { stock: 4, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    for (const status of ["delivered", "pending", "processing", "confirmed"]) {
      const res = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status, reason: `to ${status}`, confirmUnpaid: true } });
      expect(res.updateOrderStatus.data.status).toBe(status);
    }
    const entries = await t.prisma.auditEntry.findMany({ where: { orderId: order.id, action: "order.status" }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => (e.after as { status: string }).status)).toEqual(["delivered", "pending", "processing", "confirmed"]);
    expect(entries.map((e) => (e.before as { status: string }).status)).toEqual(["pending", "delivered", "pending", "processing"]);
    expect(entries.every((e) => e.actorLabel === ADMIN_EMAIL && e.actorId)).toBe(true);
    expect(entries[0]!.reason).toBe("to delivered");
  });

  it("each status change queues a status email to the customer in the outbox", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "status-mail@example.com" });
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "processing", confirmUnpaid: true } });
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "shipped", confirmUnpaid: true } });
    const emails = await t.prisma.emailOutbox.findMany({ where: { to: "status-mail@example.com" }, orderBy: { createdAt: "asc" } });
    expect(emails.map((e) => e.subject)).toEqual([`Order ${order.shortOrderId}: Processing`, `Order ${order.shortOrderId}: Shipped`]);
    expect(emails[1]!.body).toContain(`/track-order/${order.shortOrderId}`);
    // Issue 40: the tracking number the store gave the order (the tracker shows it too), and who
    // carries it, said even when the owner typed no carrier or waybill.
    const { trackingNumber } = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(trackingNumber).toMatch(/^TRK-/);
    expect(emails[1]!.body).toContain(`Tracking number: ${trackingNumber}\nCarrier: not named yet; we will tell you who is bringing it\n`);
    expect(emails[1]!.body).not.toContain("Waybill number");
    // Admins see them in the outbox view.
    const { adminEmails } = await admin.data(`{ adminEmails { to subject status createdAt } }`);
    expect(adminEmails.filter((e: { to: string }) => e.to === "status-mail@example.com")).toHaveLength(2);
    expect(adminEmails[0].status).toBe("queued");
  });

  it("the Shipped email says what the tracker says: tracking number, carrier, waybill and driver's phone", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "shipped-mail@example.com" });
    await t.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "paid", paidAt: new Date() } });
    await admin.data(UPDATE_STATUS, {
      input: { orderId: order.id, status: "shipped", transportCompany: "GUO Transport", waybillNumber: "WB-7781", driverPhone: "0803 123 4567" },
    });
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: "shipped-mail@example.com" } });
    const { trackingNumber } = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(email.body).toContain(`Tracking number: ${trackingNumber}\nCarrier: GUO Transport\nWaybill number: WB-7781\nDriver's phone: +234 803 123 4567`);
    // The tracker shows the order's owner (here the admin) the same facts.
    const { trackOrder } = await admin.data(`query($ref: String!) { trackOrder(reference: $ref) { transportCompany waybillNumber driverPhone } }`, { ref: order.shortOrderId });
    expect(trackOrder).toEqual({ transportCompany: "GUO Transport", waybillNumber: "WB-7781", driverPhone: "+2348031234567" });
  });

  it("cancelling returns the items to stock and un-cancelling takes them again", async () => {
    const shirt = await makeProduct(t.prisma, { stock: 5, price: "5000" });
    const skirt = await makeProduct(t.prisma, { stock: 3, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product: shirt, quantity: 2 }, { product: skirt, quantity: 1 }]);
    expect([await stockOf(shirt.id), await stockOf(skirt.id)]).toEqual([3, 2]);

    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "cancelled" } });
    expect([await stockOf(shirt.id), await stockOf(skirt.id)]).toEqual([5, 3]);

    // Cancelled → cancelled changes nothing.
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "cancelled" } });
    expect([await stockOf(shirt.id), await stockOf(skirt.id)]).toEqual([5, 3]);

    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "confirmed" } });
    expect([await stockOf(shirt.id), await stockOf(skirt.id)]).toEqual([3, 2]);
  });

  it("un-cancelling is refused with a clear message when the stock is gone, and nothing changes", async () => {
    const dress = await makeProduct(t.prisma, { name: "Blue Ankara Dress", stock: 2, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product: dress, quantity: 2 }]);
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "cancelled" } });
    // Someone else buys one in the meantime.
    await t.prisma.product.update({ where: { id: dress.id }, data: { stock: 1 } });
    const res = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "processing", confirmUnpaid: true } });
    expect(res.updateOrderStatus.__typename).toBe("InsufficientStockError");
    expect(res.updateOrderStatus.message).toBe("Only 1 item available in stock for Blue Ankara Dress");
    expect(await stockOf(dress.id)).toBe(1);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
  });

  it("reopening an order whose payment hold expired takes the stock again and restarts the hold", async () => {
    const product = await makeProduct(t.prisma, { stock: 3, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 2 }], { status: "cancelled", paymentStatus: "expired" });
    expect(await stockOf(product.id)).toBe(3);
    const res = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "pending", reason: "Customer paid late by phone" } });
    expect(res.updateOrderStatus.data.status).toBe("pending");
    expect(await stockOf(product.id)).toBe(1);
    const reopened = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(reopened.paymentStatus).toBe("awaiting_transfer");
    expect(reopened.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
  });

  it("an unpaid order the admin cancelled and reopens gets a fresh hold, not the one that ended while it was cancelled", async () => {
    const product = await makeProduct(t.prisma, { stock: 2, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    await t.prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(Date.now() - 3_600_000) } });
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "cancelled" } });
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "pending" } });
    const reopened = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(reopened).toMatchObject({ status: "pending", paymentStatus: "awaiting_transfer" });
    expect(reopened.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    expect(await stockOf(product.id)).toBe(1);
  });

  it("reopening an unpaid cancelled order straight to shipped asks the admin to confirm, and changes nothing until they do", async () => {
    const product = await makeProduct(t.prisma, { stock: 2, price: "5000" });
    for (const paymentStatus of ["awaiting_transfer", "expired"] as const) {
      const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { status: "cancelled", paymentStatus });
      const refused = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "shipped" } });
      expect(refused.updateOrderStatus).toEqual({ __typename: "UnpaidOrderError", message: "This order is not paid yet (₦5,000 due). Mark it paid first, or confirm moving it to shipped unpaid." });
      expect(await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "cancelled", paymentStatus });
      expect(await stockOf(product.id)).toBe(2);
      const shipped = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "shipped", confirmUnpaid: true } });
      expect(shipped.updateOrderStatus.data.status).toBe("shipped");
      expect(await stockOf(product.id)).toBe(1);
      await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "cancelled" } });
    }
  });

  it("an expired order whose late transfer already covers it comes back paid and confirmed, not awaiting that money again", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { status: "cancelled", paymentStatus: "expired" });
    await t.prisma.order.update({ where: { id: order.id }, data: { amountPaid: "5000.00" } });
    const res = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "pending", reason: "Their transfer landed after the hold" } });
    expect(res.updateOrderStatus.data.status).toBe("confirmed");
    const reopened = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(reopened).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(reopened.paidAt).not.toBeNull();
    expect(await stockOf(product.id)).toBe(0);
  });

  it("an unknown order or a bad driver phone is refused with a clear message", async () => {
    const missing = await admin.data(UPDATE_STATUS, { input: { orderId: "00000000-0000-4000-8000-000000000000", status: "shipped" } });
    expect(missing.updateOrderStatus).toMatchObject({ __typename: "NotFoundError", message: "Order not found" });
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    const bad = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "shipped", driverPhone: "12345" } });
    expect(bad.updateOrderStatus.__typename).toBe("ValidationError");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
  });
});

describe("moving an unpaid order on (issue 26, item 3)", () => {
  const UNPAID_ERROR = `mutation($input: UpdateOrderStatusInput!) {
    updateOrderStatus(input: $input) { __typename ... on Error { message } ... on UnpaidOrderError { amountDue status } ... on MutationUpdateOrderStatusSuccess { data { status } } }
  }`;

  it("processing, shipped or delivered need confirmUnpaid: without it a typed error and nothing changes; with it the change is audited as confirmed", async () => {
    const product = await makeProduct(t.prisma, { stock: 2, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "unpaid-ship@example.com" });
    await t.prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(Date.now() + 20 * 3600_000) } });
    for (const status of ["processing", "shipped", "delivered"]) {
      const res = await admin.data(UNPAID_ERROR, { input: { orderId: order.id, status } });
      expect(res.updateOrderStatus).toEqual({
        __typename: "UnpaidOrderError",
        amountDue: "5000.00",
        status,
        message: `This order is not paid yet (₦5,000 due). Mark it paid first, or confirm moving it to ${status} unpaid.`,
      });
    }
    const untouched = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([untouched.status, untouched.trackingNumber]).toEqual(["pending", null]);
    expect(await t.prisma.emailOutbox.count({ where: { to: "unpaid-ship@example.com" } })).toBe(0);
    expect(await t.prisma.auditEntry.count({ where: { orderId: order.id, action: "order.status" } })).toBe(0);

    // Confirming (or cancelling) needs nothing; shipping with the flag goes through and says so in the audit.
    expect((await admin.data(UNPAID_ERROR, { input: { orderId: order.id, status: "confirmed" } })).updateOrderStatus.data.status).toBe("confirmed");
    const shipped = await admin.data(UNPAID_ERROR, { input: { orderId: order.id, status: "shipped", confirmUnpaid: true } });
    expect(shipped.updateOrderStatus.data.status).toBe("shipped");
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "order.status" }, orderBy: { createdAt: "desc" } });
    expect(audit.after).toMatchObject({ status: "shipped", unpaidConfirmed: true });
    // The status email asks for the money but promises no release deadline: the hold no longer runs.
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: "unpaid-ship@example.com", subject: { contains: "Shipped" } } });
    expect(email.body).toContain("Please pay ₦5,000 by bank transfer");
    expect(email.body).not.toMatch(/released|before /);
  });

  it("a paid order moves on without any confirmation", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    await t.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "paid", paidAt: new Date() } });
    expect((await admin.data(UNPAID_ERROR, { input: { orderId: order.id, status: "shipped" } })).updateOrderStatus.data.status).toBe("shipped");
  });
});

describe("order list", () => {
  const ORDERS = `query($filter: AdminOrderFilter) { adminOrders(filter: $filter) { id shortOrderId createdAt customerName items { productName size quantity price } } }`;

  it("lists orders newest first with items, filtered by month and by item size (case-insensitive)", async () => {
    const product = await makeProduct(t.prisma, { stock: 50, price: "5000" });
    const march = await makeOrder(t.prisma, [{ product, quantity: 1, size: "XL" }], { createdAt: new Date("2025-03-10T12:00:00Z") });
    const marchLate = await makeOrder(t.prisma, [{ product, quantity: 1, size: "s" }], { createdAt: new Date("2025-03-31T23:30:00Z") });
    const april = await makeOrder(t.prisma, [{ product, quantity: 1, size: "xl" }], { createdAt: new Date("2025-04-15T12:00:00Z") });

    const all = await admin.data(ORDERS);
    const dates = all.adminOrders.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(all.adminOrders[0].items.length).toBeGreaterThan(0);
    expect(all.adminOrders[0].customerName).toBe("Ada Obi");

    const inMarch = await admin.data(ORDERS, { filter: { month: "2025-03" } });
    expect(inMarch.adminOrders.map((o: { id: string }) => o.id)).toEqual([march.id]);
    // 31 March 23:30 UTC is 1 April 00:30 in Lagos: the shop's April.
    const inApril = await admin.data(ORDERS, { filter: { month: "2025-04" } });
    expect(inApril.adminOrders.map((o: { id: string }) => o.id).sort()).toEqual([april.id, marchLate.id].sort());

    const xl = await admin.data(ORDERS, { filter: { size: "Xl" } });
    expect(xl.adminOrders.map((o: { id: string }) => o.id).sort()).toEqual([march.id, april.id].sort());
    const both = await admin.data(ORDERS, { filter: { month: "2025-04", size: "XL" } });
    expect(both.adminOrders.map((o: { id: string }) => o.id)).toEqual([april.id]);
  });

  it("rejects a malformed month", async () => {
    const res = await admin.request(ORDERS, { filter: { month: "March" } });
    expect(res.errors?.[0]?.message).toBe("Month must look like 2026-03");
  });
});

describe("deleting an order", () => {
  const DELETE = `mutation($id: ID!) { deleteOrder(id: $id) { __typename ... on Error { message } ... on MutationDeleteOrderSuccess { data } } }`;

  it("removes the order and all its items, returns held stock, and is audited", async () => {
    const product = await makeProduct(t.prisma, { stock: 6, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 2 }]);
    expect(await stockOf(product.id)).toBe(4);
    const res = await admin.data(DELETE, { id: order.id });
    expect(res.deleteOrder.data).toBe(order.id);
    expect(await t.prisma.order.findUnique({ where: { id: order.id } })).toBeNull();
    expect(await t.prisma.orderItem.count({ where: { orderId: order.id } })).toBe(0);
    expect(await stockOf(product.id)).toBe(6);
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { entityId: order.id, action: "order.delete" } });
    expect((audit.before as { shortOrderId: string }).shortOrderId).toBe(order.shortOrderId);
  });

  it("deleting a cancelled order does not return its stock twice", async () => {
    const product = await makeProduct(t.prisma, { stock: 6, price: "5000" });
    const order = await makeOrder(t.prisma, [{ product, quantity: 2 }]);
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "cancelled" } });
    await admin.data(DELETE, { id: order.id });
    expect(await stockOf(product.id)).toBe(6);
  });

  it("refuses an order with money paid or one that left the shop, changing nothing: cancelling keeps them on record", async () => {
    const product = await makeProduct(t.prisma, { stock: 3, price: "5000" });
    const paid = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    await t.prisma.order.update({ where: { id: paid.id }, data: { amountPaid: "2000.00" } });
    const delivered = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    await t.prisma.order.update({ where: { id: delivered.id }, data: { status: "delivered" } });
    expect((await admin.data(DELETE, { id: paid.id })).deleteOrder).toEqual({
      __typename: "ValidationError",
      message: "This order has ₦2,000 paid, so it cannot be deleted: cancel it instead, and refund what is owed",
    });
    expect((await admin.data(DELETE, { id: delivered.id })).deleteOrder).toEqual({
      __typename: "ValidationError",
      message: "A shipped or delivered order cannot be deleted: its pieces have left the shop",
    });
    expect(await t.prisma.order.count({ where: { id: { in: [paid.id, delivered.id] } } })).toBe(2);
    expect(await stockOf(product.id)).toBe(1);
  });

  it("answers a clear error for an order that does not exist", async () => {
    const res = await admin.data(DELETE, { id: "00000000-0000-4000-8000-000000000000" });
    expect(res.deleteOrder).toEqual({ __typename: "NotFoundError", message: "Order not found" });
  });
});
