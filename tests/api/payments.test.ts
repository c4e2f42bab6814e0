// Bank-transfer payments over real HTTP: receipts by the order's owner only, decisions by admins only.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { createTestOrder, receiptUrl, signedInCustomer } from "../helpers/orders.ts";
import { PNG_1PX, uploadForm } from "../helpers/images.ts";
import { recordMoneyIn, recordMoneyOut, reopenForBalance } from "../../server/src/modules/payments/money.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const SUBMIT = `mutation($input: SubmitReceiptInput!) {
  submitPaymentReceipt(input: $input) {
    __typename
    ... on Error { message }
    ... on MutationSubmitPaymentReceiptSuccess { data { order { id status paymentStatus holdExpiresAt receipts { senderName senderBank fileUrl mimeType } } } }
  }
}`;
const MARK_PAID = `mutation($orderId: ID!, $bankReference: String) {
  markOrderPaid(orderId: $orderId, bankReference: $bankReference) {
    __typename
    ... on Error { message }
    ... on MutationMarkOrderPaidSuccess { data { order { id status paymentStatus paidAt bankReference total amountPaid amountDue } } }
  }
}`;
const REJECT = `mutation($orderId: ID!, $reason: String!) {
  rejectPayment(orderId: $orderId, reason: $reason) {
    __typename
    ... on Error { message }
    ... on MutationRejectPaymentSuccess { data { order { id paymentStatus rejectionReason } } }
  }
}`;
const LOOKUP = `query($reference: String!, $phone: String!) {
  orderByReferenceAndPhone(reference: $reference, phone: $phone) {
    __typename
    ... on Error { message }
    ... on QueryOrderByReferenceAndPhoneSuccess { data { order { id shortOrderId customerName customerPhone total items { productName quantity } } } }
  }
}`;

const customer = () => signedInCustomer(t);

async function receipt(orderId: string, extra: Record<string, unknown> = {}) {
  return { input: { orderId, fileUrl: await receiptUrl(t, orderId), senderName: "Ada Obi", senderBank: "Access Bank", ...extra } };
}

describe("receipt upload", () => {
  it("the signed-in owner uploads a receipt: the order goes under review and is NOT paid", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId });
    const res = await client.data(SUBMIT, await receipt(order.id));
    expect(res.submitPaymentReceipt.__typename).toBe("MutationSubmitPaymentReceiptSuccess");
    const seen = res.submitPaymentReceipt.data.order;
    expect(seen.paymentStatus).toBe("under_review");
    expect(seen.status).toBe("pending");
    expect(seen.receipts).toEqual([expect.objectContaining({ senderName: "Ada Obi", senderBank: "Access Bank", mimeType: "image/png" })]);
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.paidAt).toBeNull();
    expect(stored.paymentStatus).toBe("under_review");
  });

  it("works end to end with a file stored by POST /api/uploads (purpose=receipt)", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId });
    const form = uploadForm("receipt", [{ name: "receipt.png", content: PNG_1PX }], { reference: order.shortOrderId });
    const upload = await fetch(`${t.url}/api/uploads`, { method: "POST", body: form, headers: { cookie: client.cookie! } });
    expect(upload.status).toBe(201);
    const { files } = (await upload.json()) as { files: { url: string }[] };
    // The file is the order's own: another order (here the same shopper's) cannot name it.
    const other = await createTestOrder(t.prisma, { userId });
    expect((await client.data(SUBMIT, await receipt(other.id, { fileUrl: files[0]!.url }))).submitPaymentReceipt.message).toBe("Please upload the receipt as an image or PDF first");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: other.id } })).paymentStatus).toBe("awaiting_transfer");
    const res = await client.data(SUBMIT, await receipt(order.id, { fileUrl: files[0]!.url }));
    const link: string = res.submitPaymentReceipt.data.order.receipts[0].fileUrl;
    expect(link.startsWith(`${files[0]!.url}?expires=`)).toBe(true);
    const served = await fetch(`${t.url}${link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a receipt file is private: only a fresh signed link (owner, admin) opens it, never cached; product pictures stay public", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId });
    const form = uploadForm("receipt", [{ name: "receipt.png", content: PNG_1PX }], { reference: order.shortOrderId });
    const { files } = (await (await fetch(`${t.url}/api/uploads`, { method: "POST", body: form, headers: { cookie: client.cookie! } })).json()) as { files: { url: string }[] };
    const path = files[0]!.url;
    await client.data(SUBMIT, await receipt(order.id, { fileUrl: path }));
    const RECEIPTS = `query($r: String!) { trackOrder(reference: $r) { receipts { fileUrl } } }`;
    const adminLink: string = (await (await t.admin()).data(`{ paymentsQueue { id receipts { fileUrl } } }`)).paymentsQueue.find((o: { id: string }) => o.id === order.id).receipts[0].fileUrl;
    const ownerLink: string = (await client.data(RECEIPTS, { r: order.shortOrderId })).trackOrder.receipts[0].fileUrl;
    for (const link of [adminLink, ownerLink]) expect((await fetch(`${t.url}${link}`)).status).toBe(200);
    // A stranger with the reference sees no receipt; the bare path (however written), a forged or an expired link answer 403.
    expect((await t.client().data(RECEIPTS, { r: order.shortOrderId })).trackOrder.receipts).toEqual([]);
    const expired = Math.floor(Date.now() / 1000) - 1;
    const signature = new URL(ownerLink, t.url).searchParams.get("signature");
    // The bare path written as a static file server still reads it: encoded, doubled slash, encoded slash.
    const disguised = [path.replace("/receipts/", "/%72eceipts/"), path.replace("/uploads/", "/uploads//"), path.replace("/receipts/", "/receipts%2F")];
    for (const attempt of [path, ...disguised, `${path}?expires=9999999999&signature=${signature}`, `${path}?expires=${expired}&signature=${signature}`]) {
      const res = await fetch(`${t.url}${attempt}`);
      expect([attempt, res.status]).toEqual([attempt, 403]);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const picture = await fetch(`${t.url}/uploads/product-images/none.webp`);
    expect(picture.status).not.toBe(403);
  });

  it("a stranger's receipt is refused and changes nothing: another customer, a guest, a wrong phone, a wrong token", async () => {
    const owner = await customer();
    const stranger = await customer();
    const order = await createTestOrder(t.prisma, { userId: owner.userId });
    const guestOrder = await createTestOrder(t.prisma, { guestToken: "the-right-token-123456" });
    const attempts: [GraphQLClient, Record<string, unknown>][] = [
      [stranger.client, await receipt(order.id)],
      [t.client(), await receipt(order.id)],
      [t.client(), await receipt(order.id, { phone: "0809 999 9999" })],
      [t.client(), await receipt(guestOrder.id)],
      [t.client(), await receipt(guestOrder.id, { guestToken: "a-wrong-token-123456" })],
      [stranger.client, await receipt("00000000-0000-4000-8000-000000000000")],
    ];
    for (const [client, variables] of attempts) {
      const res = await client.data(SUBMIT, variables);
      expect(res.submitPaymentReceipt).toEqual({ __typename: "NotFoundError", message: "Order not found" });
    }
    for (const id of [order.id, guestOrder.id]) {
      const stored = await t.prisma.order.findUniqueOrThrow({ where: { id }, include: { receipts: true } });
      expect(stored.paymentStatus).toBe("awaiting_transfer");
      expect(stored.receipts).toHaveLength(0);
    }
  });

  it("a guest proves ownership with the checkout token or with the phone in any format", async () => {
    const byToken = await createTestOrder(t.prisma, { guestToken: "browser-token-abcdef" });
    const a = await t.client().data(SUBMIT, await receipt(byToken.id, { guestToken: "browser-token-abcdef" }));
    expect(a.submitPaymentReceipt.data.order.paymentStatus).toBe("under_review");
    const byPhone = await createTestOrder(t.prisma, { phone: "+2348031112222" });
    const b = await t.client().data(SUBMIT, await receipt(byPhone.id, { phone: "0803 111 2222" }));
    expect(b.submitPaymentReceipt.data.order.paymentStatus).toBe("under_review");
  });

  it("rejects a receipt without a stored file, sender name or bank, with clear messages", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId });
    const cases: [Record<string, unknown>, string][] = [
      [{ fileUrl: "https://evil.example.com/fake.png" }, "Please upload the receipt as an image or PDF first"],
      [{ fileUrl: "/uploads/product-images/abcdefabcdef.png" }, "Please upload the receipt as an image or PDF first"],
      [{ senderName: " A " }, "Sender name must be at least 2 characters"],
      [{ senderBank: "" }, "Please enter the bank you sent the money from"],
    ];
    for (const [extra, message] of cases) {
      const res = await client.data(SUBMIT, await receipt(order.id, extra));
      expect(res.submitPaymentReceipt).toEqual({ __typename: "ValidationError", message });
    }
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("awaiting_transfer");
  });

  it("a paid order takes no more receipts", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId });
    const admin = await t.admin();
    await admin.data(MARK_PAID, { orderId: order.id });
    const res = await client.data(SUBMIT, await receipt(order.id));
    expect(res.submitPaymentReceipt).toEqual({ __typename: "ValidationError", message: "This order is already paid" });
  });
});

describe("payment decisions", () => {
  it("only admins decide payments: customers and guests are refused and nothing changes", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId });
    await client.data(SUBMIT, await receipt(order.id));
    for (const [c, code] of [
      [client, "FORBIDDEN"],
      [t.client(), "UNAUTHENTICATED"],
    ] as const) {
      const paid = await c.request(MARK_PAID, { orderId: order.id });
      expect(paid.errors?.[0]?.extensions?.code).toBe(code);
      const rejected = await c.request(REJECT, { orderId: order.id, reason: "No credit" });
      expect(rejected.errors?.[0]?.extensions?.code).toBe(code);
      const queue = await c.request(`{ paymentsQueue { id } }`);
      expect(queue.errors?.[0]?.extensions?.code).toBe(code);
    }
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.paymentStatus).toBe("under_review");
    expect(stored.status).toBe("pending");
  });

  it("an admin marks paid with the bank reference: paid, confirmed, emailed and audited", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId, email: "paid-shopper@example.com" });
    await client.data(SUBMIT, await receipt(order.id));
    const admin = await t.admin();
    const res = await admin.data(MARK_PAID, { orderId: order.id, bankReference: " FT2611223344 " });
    const paid = res.markOrderPaid.data.order;
    expect(paid).toMatchObject({ status: "confirmed", paymentStatus: "paid", bankReference: "FT2611223344", amountPaid: paid.total, amountDue: "0.00" });
    expect(paid.paidAt).toEqual(expect.any(String));
    const emails = await t.prisma.emailOutbox.findMany({ where: { to: "paid-shopper@example.com" } });
    expect(emails.map((e) => e.subject)).toContain(`Payment confirmed for order ${order.shortOrderId}`);
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "payment.marked_paid" } });
    expect(audit.actorLabel).toBe("admin@test.local");
    expect(audit.before).toEqual({ status: "pending", paymentStatus: "under_review", amountPaid: "0.00" });
    expect(audit.after).toMatchObject({ status: "confirmed", paymentStatus: "paid", bankReference: "FT2611223344" });
    const again = await admin.data(MARK_PAID, { orderId: order.id });
    expect(again.markOrderPaid).toEqual({ __typename: "ValidationError", message: "This order is already paid" });
  });

  it("marking paid keeps a status the admin already moved past pending", async () => {
    const order = await createTestOrder(t.prisma);
    await t.prisma.order.update({ where: { id: order.id }, data: { status: "processing" } });
    const res = await (await t.admin()).data(MARK_PAID, { orderId: order.id });
    expect(res.markOrderPaid.data.order).toMatchObject({ status: "processing", paymentStatus: "paid" });
  });

  it("reject returns the order to awaiting transfer with the reason for the owner, emails and audits", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId, email: "rejected@example.com" });
    await client.data(SUBMIT, await receipt(order.id));
    const admin = await t.admin();
    const blank = await admin.data(REJECT, { orderId: order.id, reason: "  " });
    expect(blank.rejectPayment).toEqual({ __typename: "ValidationError", message: "Please give a reason for rejecting the payment" });
    const res = await admin.data(REJECT, { orderId: order.id, reason: "No credit for this amount in our account" });
    expect(res.rejectPayment.data.order).toMatchObject({ paymentStatus: "awaiting_transfer", rejectionReason: "No credit for this amount in our account" });
    const mine = await client.data(`query($r: String!) { trackOrder(reference: $r) { paymentStatus rejectionReason } }`, { r: order.shortOrderId });
    expect(mine.trackOrder).toEqual({ paymentStatus: "awaiting_transfer", rejectionReason: "No credit for this amount in our account" });
    const strangers = await t.client().data(`query($r: String!) { trackOrder(reference: $r) { paymentStatus rejectionReason receipts { id } } }`, { r: order.shortOrderId });
    expect(strangers.trackOrder).toEqual({ paymentStatus: "awaiting_transfer", rejectionReason: null, receipts: [] });
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: "rejected@example.com", subject: { contains: "could not confirm" } } });
    expect(email.body).toContain("No credit for this amount in our account");
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "payment.rejected" } });
    expect(audit).toMatchObject({ actorLabel: "admin@test.local", reason: "No credit for this amount in our account" });
    const twice = await admin.data(REJECT, { orderId: order.id, reason: "Again" });
    expect(twice.rejectPayment).toEqual({ __typename: "ValidationError", message: "Only a payment under review can be rejected" });
  });

  it("a cancelled or expired order cannot be marked paid", async () => {
    const order = await createTestOrder(t.prisma);
    await t.prisma.order.update({ where: { id: order.id }, data: { status: "cancelled", paymentStatus: "expired" } });
    const res = await (await t.admin()).data(MARK_PAID, { orderId: order.id });
    expect(res.markOrderPaid).toEqual({ __typename: "ValidationError", message: "This order was cancelled, so it cannot take a payment" });
  });

  it("orders awaiting a transfer without a receipt are listed, the hold that ends first first, and marked paid like a receipt", async () => {
    const admin = await t.admin();
    const hours = (h: number) => new Date(Date.now() + h * 3600_000);
    const later = await createTestOrder(t.prisma, { holdExpiresAt: hours(20), email: "no-receipt@example.com" });
    const sooner = await createTestOrder(t.prisma, { holdExpiresAt: hours(2) });
    const shipped = await createTestOrder(t.prisma, { holdExpiresAt: hours(10) });
    await t.prisma.order.update({ where: { id: shipped.id }, data: { status: "shipped" } });
    const reviewed = await createTestOrder(t.prisma);
    await t.client().data(SUBMIT, await receipt(reviewed.id, { phone: "08031234567" }));
    const LIST = `{ awaitingTransferOrders { id shortOrderId total holdExpiresAt status } paymentCounts { awaitingTransfer } }`;
    const ours = (list: { id: string }[]) => list.map((o) => o.id).filter((id) => [later.id, sooner.id, shipped.id, reviewed.id].includes(id));
    const res = await admin.data(LIST);
    // A shipped unpaid order is still owed; one with a receipt is in the review queue instead.
    expect(ours(res.awaitingTransferOrders)).toEqual([sooner.id, shipped.id, later.id]);
    expect(res.awaitingTransferOrders.find((o: { id: string }) => o.id === later.id)).toMatchObject({ shortOrderId: later.shortOrderId, total: "15000.00" });
    for (const c of [t.client(), (await customer()).client]) expect((await c.request(LIST)).errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|UNAUTHENTICATED/);

    const paid = await admin.data(MARK_PAID, { orderId: later.id, bankReference: "FT-NO-RECEIPT-1" });
    expect(paid.markOrderPaid.data.order).toMatchObject({ status: "confirmed", paymentStatus: "paid", bankReference: "FT-NO-RECEIPT-1" });
    const after = await admin.data(LIST);
    expect(ours(after.awaitingTransferOrders)).toEqual([sooner.id, shipped.id]);
    expect(after.paymentCounts.awaitingTransfer).toBe(res.paymentCounts.awaitingTransfer - 1);
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: "no-receipt@example.com", subject: { contains: "Payment confirmed" } } });
    expect(email.subject).toContain(later.shortOrderId);
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: later.id, action: "payment.marked_paid" } });
    expect(audit.before).toEqual({ status: "pending", paymentStatus: "awaiting_transfer", amountPaid: "0.00" });
  });

  it("the payments queue lists orders under review, longest waiting first, with receipt and expected amount", async () => {
    const admin = await t.admin();
    const before = await admin.data(`{ paymentsQueue { id } }`);
    for (const o of before.paymentsQueue) await admin.data(REJECT, { orderId: o.id, reason: "Clearing the queue" });
    const first = await createTestOrder(t.prisma, { phone: "+2348030000001" });
    const second = await createTestOrder(t.prisma, { phone: "+2348030000002" });
    await t.client().data(SUBMIT, await receipt(second.id, { phone: "08030000002", senderName: "Second Sender" }));
    await new Promise((r) => setTimeout(r, 20));
    await t.client().data(SUBMIT, await receipt(first.id, { phone: "08030000001", senderName: "First Sender" }));
    const res = await admin.data(`{ paymentsQueue { id total customerName receipts { senderName senderBank fileUrl createdAt } } paymentCounts { underReview } }`);
    expect(res.paymentsQueue.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(res.paymentsQueue[0]).toMatchObject({ total: "15000.00", customerName: "Ada Obi", receipts: [expect.objectContaining({ senderName: "Second Sender" })] });
    expect(res.paymentCounts.underReview).toBe(2);
  });
});

describe("guest lookup by reference and phone", () => {
  it("opens full order details with the reference and the phone in any Nigerian format", async () => {
    const order = await createTestOrder(t.prisma, { phone: "+2348051234567", name: "Chidi Guest" });
    for (const phone of ["0805 123 4567", "+234 805 123 4567", "2348051234567"]) {
      const res = await t.client().data(LOOKUP, { reference: order.shortOrderId.toLowerCase(), phone });
      expect(res.orderByReferenceAndPhone.data.order).toMatchObject({ id: order.id, customerName: "Chidi Guest", customerPhone: "+2348051234567" });
    }
  });

  it("a wrong phone and an unknown reference get the same answer; short phones get the spec's message", async () => {
    const order = await createTestOrder(t.prisma, { phone: "+2348061234567" });
    const wrong = await t.client().data(LOOKUP, { reference: order.shortOrderId, phone: "08069999999" });
    const unknown = await t.client().data(LOOKUP, { reference: "ZZZZ9999", phone: "08061234567" });
    expect(wrong.orderByReferenceAndPhone).toEqual({ __typename: "NotFoundError", message: "No order matches that reference and phone number" });
    expect(unknown.orderByReferenceAndPhone).toEqual(wrong.orderByReferenceAndPhone);
    const short = await t.client().data(LOOKUP, { reference: order.shortOrderId, phone: "0806" });
    expect(short.orderByReferenceAndPhone).toEqual({ __typename: "ValidationError", message: "Phone number must be at least 10 digits" });
  });

  it("guessing phones for one reference is rate-limited", async () => {
    const order = await createTestOrder(t.prisma, { phone: "+2348071234567" });
    const results: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.client().data(LOOKUP, { reference: order.shortOrderId, phone: `0807000${String(1000 + i)}` });
      results.push(res.orderByReferenceAndPhone.__typename);
    }
    expect(results.slice(0, 10).every((r) => r === "NotFoundError")).toBe(true);
    expect(results.slice(10)).toEqual(["RateLimitError", "RateLimitError"]);
    // Even the right phone waits now: the limit is per reference.
    const right = await t.client().data(LOOKUP, { reference: order.shortOrderId, phone: "08071234567" });
    expect(right.orderByReferenceAndPhone.__typename).toBe("RateLimitError");
  });
});

describe("status history", () => {
  it("the tracker's history shows statuses and times only, for anyone with the reference", async () => {
    const { client, userId } = await customer();
    const order = await createTestOrder(t.prisma, { userId });
    await client.data(SUBMIT, await receipt(order.id));
    await (await t.admin()).data(MARK_PAID, { orderId: order.id });
    const res = await t.client().data(`query($r: String!) { orderStatusHistory(reference: $r) { status paymentStatus at } }`, { r: order.shortOrderId });
    expect(res.orderStatusHistory.map((s: { status: string; paymentStatus: string }) => `${s.status}/${s.paymentStatus}`)).toEqual([
      "pending/awaiting_transfer",
      "pending/under_review",
      "confirmed/paid",
    ]);
    for (const step of res.orderStatusHistory) expect(Object.keys(step).sort()).toEqual(["at", "paymentStatus", "status"]);
    const none = await t.client().data(`{ orderStatusHistory(reference: "NOPE0000") { status } }`);
    expect(none.orderStatusHistory).toBeNull();
  });
});

describe("receipt limits", () => {
  it("an order takes at most five receipts an hour", async () => {
    const { client, userId } = await signedInCustomer(t);
    const order = await createTestOrder(t.prisma, { userId });
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push((await client.data(SUBMIT, await receipt(order.id))).submitPaymentReceipt.__typename);
    expect(answers).toEqual([...Array(5).fill("MutationSubmitPaymentReceiptSuccess"), "RateLimitError"]);
    expect(await t.prisma.paymentReceipt.count({ where: { orderId: order.id } })).toBe(5);
  });
});

describe("the money model (decision 034)", () => {
  const MONEY = `query($reference: String!) { trackOrder(reference: $reference) { total amountPaid amountDue amountOverpaid paymentStatus status } }`;
  const money = async (shortOrderId: string) => (await t.client().data(MONEY, { reference: shortOrderId })).trackOrder;

  it("refunds never take out more than came in, even racing; a total that grows on a paid order reopens it for the balance", async () => {
    const order = await createTestOrder(t.prisma);
    await t.prisma.$transaction((tx) => recordMoneyIn(tx, { orderId: order.id, amount: "15000.00", paidAt: new Date(), reference: "FT1" }));
    expect(await money(order.shortOrderId)).toMatchObject({ amountPaid: "15000.00", amountDue: "0.00", paymentStatus: "paid", status: "confirmed" });
    // Three refunds of ₦6,000 at once: two fit in ₦15,000, the third is refused and changes nothing.
    const refunds = await Promise.allSettled(
      [1, 2, 3].map(() => t.prisma.$transaction((tx) => recordMoneyOut(tx, { orderId: order.id, amount: "6000.00" }))),
    );
    expect(refunds.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const refused = refunds.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe("A refund cannot be more than what was paid: ₦3,000");
    // A refund on a paid order is not a new debt.
    expect(await money(order.shortOrderId)).toMatchObject({ amountPaid: "3000.00", amountDue: "0.00", paymentStatus: "paid" });
    // Pieces added: the total grows past what was paid, and the balance is due again.
    await t.prisma.$transaction(async (tx) => {
      await tx.order.update({ where: { id: order.id }, data: { total: "18000.00" } });
      const holdUntil = new Date(Date.now() + 3600_000);
      expect(await reopenForBalance(tx, order.id, new Date(), holdUntil)).toEqual(holdUntil);
    });
    expect(await money(order.shortOrderId)).toMatchObject({ total: "18000.00", amountPaid: "3000.00", amountDue: "15000.00", paymentStatus: "awaiting_transfer" });
  });

  it("money that reaches a cancelled order is held for a refund and never brings it back", async () => {
    const order = await createTestOrder(t.prisma);
    await t.prisma.order.update({ where: { id: order.id }, data: { status: "cancelled" } });
    const state = await t.prisma.$transaction((tx) => recordMoneyIn(tx, { orderId: order.id, amount: "15000.00", paidAt: new Date(), reference: null }));
    expect(state.becamePaid).toBe(false);
    expect(await money(order.shortOrderId)).toMatchObject({ status: "cancelled", paymentStatus: "awaiting_transfer", amountPaid: "15000.00", amountDue: "0.00", amountOverpaid: "15000.00" });
  });
});
