// Claims and refunds (issue 38, decision 038) over real HTTP: who may claim and when, the photos,
// one open claim per order, the staff refund limit, refunds never above what was paid (two racing
// included), and a Paystack refund through the fake Paystack (tests/mocks/paystack-server.ts), whose
// refund webhook settles it only when Paystack's own answer says so (a forged one is refused), or, when the
// webhook is lost, the reconcile job, which also finds a refund whose answer never came.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { createTestOrder, signedInCustomer } from "../helpers/orders.ts";
import { PDF_DOC, PNG_1PX, uploadForm } from "../helpers/images.ts";
import { startFakePaystack, type FakePaystack } from "../mocks/paystack-server.ts";
import { paymentReconcileJob } from "../../server/src/jobs/payment-reconcile.job.ts";

let t: TestStore;
let fake: FakePaystack;
let admin: GraphQLClient;
let staff: GraphQLClient;

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await startTestStore({
    seed: false,
    env: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url, PAYSTACK_RECONCILE_INTERVAL_MS: "3600000", STAFF_REFUND_LIMIT: "5000" },
  });
  fake.webhookUrl = `${t.url}/api/payments/paystack/webhook`;
  admin = await t.admin();
  const helper = await signedInCustomer(t, "Tolu Staff");
  await t.prisma.userRole.create({ data: { userId: helper.userId, role: "staff" } });
  staff = helper.client;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const PHONE = "08031234567";
const HOUR = 3600_000;
const OPEN = `mutation($input: OpenClaimInput!) { openClaim(input: $input) { __typename ... on Error { message }
  ... on MutationOpenClaimSuccess { data { id status reason message photoUrls order { shortOrderId } } } } }`;
const DECIDE = `mutation($input: DecideClaimInput!) { decideClaim(input: $input) { __typename ... on Error { message }
  ... on MutationDecideClaimSuccess { data { id status refundedAmount refundStatus refundMethod decisionReason } } } }`;
const RESTOCK = `mutation($id: ID!) { restockClaim(claimId: $id) { __typename ... on Error { message } ... on MutationRestockClaimSuccess { data { restocked } } } }`;

/** A paid order that reached `status` `ago` ms before now (its audited history says when). */
async function paidOrder(options: { status?: "delivered" | "shipped"; ago?: number; price?: string; userId?: string | null } = {}) {
  const order = await createTestOrder(t.prisma, { userId: options.userId ?? null });
  const total = options.price ?? order.total.toFixed(2);
  await t.prisma.order.update({ where: { id: order.id }, data: { status: options.status ?? "delivered", paymentStatus: "paid", paidAt: new Date(), total, amountPaid: total } });
  await t.prisma.auditEntry.create({
    data: { actorLabel: "system", action: "order.status", entityType: "order", entityId: order.id, orderId: order.id, after: { status: options.status ?? "delivered" }, createdAt: new Date(Date.now() - (options.ago ?? HOUR)) },
  });
  return { ...order, total };
}

async function uploadClaimPhoto(reference: string, phone = PHONE, content = PNG_1PX, type = "image/png") {
  const res = await fetch(`${t.url}/api/uploads`, { method: "POST", body: uploadForm("claim", [{ name: "flaw.png", content, type }], { reference, phone }) });
  return { status: res.status, body: (await res.json()) as { files?: { url: string }[]; error?: string } };
}

const claimInput = (reference: string, fields: Record<string, unknown> = {}) => ({ reference, phone: PHONE, reason: "undisclosed_flaw", message: "A hole under the arm", ...fields });
const claimsOf = (orderId: string) => t.prisma.claim.count({ where: { orderId } });

describe("opening a claim", () => {
  it("a guest with the reference and phone opens one with a photo; the photo is private and the order shows the claim to its owner only", async () => {
    const order = await paidOrder();
    const photo = await uploadClaimPhoto(order.shortOrderId);
    expect(photo.status).toBe(201);
    expect(photo.body.files![0]!.url).toMatch(/^\/uploads\/receipts\/.+\.jpg$/);
    const res = await t.client().data(OPEN, { input: claimInput(order.shortOrderId, { photoUrls: [photo.body.files![0]!.url] }) });
    expect(res.openClaim.__typename).toBe("MutationOpenClaimSuccess");
    expect(res.openClaim.data).toMatchObject({ status: "open", reason: "undisclosed_flaw", order: { shortOrderId: order.shortOrderId } });
    expect(res.openClaim.data.photoUrls[0]).toMatch(/\?expires=\d+&signature=/);
    // Unsigned, the stored photo is refused like a receipt.
    expect((await fetch(`${t.url}${photo.body.files![0]!.url}`)).status).toBe(403);
    const track = `query($r: String!) { trackOrder(reference: $r) { claims { status } } }`;
    expect((await t.client().data(track, { r: order.shortOrderId })).trackOrder.claims).toEqual([]);
    expect((await admin.data(track, { r: order.shortOrderId })).trackOrder.claims).toEqual([{ status: "open" }]);
  });

  it("a stranger, a wrong phone or another shopper's account is refused and nothing is written", async () => {
    const owner = await signedInCustomer(t);
    const order = await paidOrder({ userId: owner.userId });
    const other = await signedInCustomer(t);
    const notFound = { __typename: "NotFoundError", message: "No order matches that reference and phone number" };
    expect((await t.client().data(OPEN, { input: claimInput(order.shortOrderId, { phone: "08039999999" }) })).openClaim).toEqual(notFound);
    expect((await other.client.data(OPEN, { input: claimInput(order.shortOrderId, { phone: null }) })).openClaim).toEqual(notFound);
    expect((await uploadClaimPhoto(order.shortOrderId, "08039999999")).status).toBe(404);
    expect(await claimsOf(order.id)).toBe(0);
    // The owner, signed in, needs no phone.
    expect((await owner.client.data(OPEN, { input: claimInput(order.shortOrderId, { phone: null }) })).openClaim.__typename).toBe("MutationOpenClaimSuccess");
  });

  it("the window: within CLAIM_HOURS of delivery; not_received from 5 days after shipping", async () => {
    const late = await paidOrder({ ago: 49 * HOUR });
    expect((await t.client().data(OPEN, { input: claimInput(late.shortOrderId) })).openClaim.message).toBe("Claims can be opened within 48 hours of delivery");
    const onTheRoad = await paidOrder({ status: "shipped", ago: 24 * HOUR });
    expect((await t.client().data(OPEN, { input: claimInput(onTheRoad.shortOrderId) })).openClaim.message).toBe("A claim can be opened once the order has been delivered");
    expect((await t.client().data(OPEN, { input: claimInput(onTheRoad.shortOrderId, { reason: "not_received" }) })).openClaim.message).toBe(
      "A parcel that has not arrived can be claimed from 5 days after it was shipped",
    );
    expect(await claimsOf(late.id)).toBe(0);
    expect(await claimsOf(onTheRoad.id)).toBe(0);
    const lost = await paidOrder({ status: "shipped", ago: 6 * 24 * HOUR });
    expect((await t.client().data(OPEN, { input: claimInput(lost.shortOrderId, { reason: "not_received" }) })).openClaim.__typename).toBe("MutationOpenClaimSuccess");
  });

  it("Order.claimReasons and claimableUntil show the same window to the owner, staff and admins only, and close while a claim is open", async () => {
    const WINDOW = `query($r: String!) { trackOrder(reference: $r) { claimReasons claimableUntil } }`;
    const windowOf = async (order: { shortOrderId: string }, client = admin) => (await client.data(WINDOW, { r: order.shortOrderId })).trackOrder;
    const fresh = await paidOrder({ ago: 2 * HOUR });
    const seen = await windowOf(fresh);
    expect(seen.claimReasons).toEqual(["wrong_item", "undisclosed_flaw", "other"]);
    expect(Math.abs(Date.parse(seen.claimableUntil) - (Date.now() + 46 * HOUR))).toBeLessThan(60_000);
    expect(await windowOf(fresh, t.client())).toEqual({ claimReasons: [], claimableUntil: null });
    expect(await windowOf(await paidOrder({ ago: 49 * HOUR }))).toEqual({ claimReasons: [], claimableUntil: null });
    expect(await windowOf(await paidOrder({ status: "shipped", ago: 24 * HOUR }))).toEqual({ claimReasons: [], claimableUntil: null });
    expect(await windowOf(await paidOrder({ status: "shipped", ago: 6 * 24 * HOUR }))).toEqual({ claimReasons: ["not_received"], claimableUntil: null });
    await openedClaim(fresh);
    expect((await windowOf(fresh)).claimReasons).toEqual([]);
  });

  it("one open claim per order, even when two are sent at once", async () => {
    const order = await paidOrder();
    const answers = await Promise.all([t.client().data(OPEN, { input: claimInput(order.shortOrderId) }), t.client().data(OPEN, { input: claimInput(order.shortOrderId) })]);
    expect(answers.map((a) => a.openClaim.__typename ?? "").sort()).toEqual(["MutationOpenClaimSuccess", "ValidationError"]);
    expect(answers.find((a) => a.openClaim.__typename === "ValidationError")!.openClaim.message).toBe("This order already has an open claim");
    expect(await claimsOf(order.id)).toBe(1);
  });

  it("guessing the buyer's phone through the photo upload counts against the reference's lookup limit", async () => {
    const order = await paidOrder();
    // From an address of its own, so this file's other uploads and lookups do not count.
    const upload = async (phone: string) => {
      const form = new Response(uploadForm("claim", [{ name: "flaw.png", content: PNG_1PX, type: "image/png" }], { reference: order.shortOrderId, phone }));
      const body = Buffer.from(await form.arrayBuffer());
      const { hostname, port } = new URL(t.url);
      return new Promise<number>((resolve, reject) => {
        const req = http.request({ host: hostname, port, path: "/api/uploads", method: "POST", localAddress: "127.0.0.77", headers: { "content-type": form.headers.get("content-type")! } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        req.end(body);
      });
    };
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push(await upload(`0807000${1000 + i}`));
    expect(answers).toEqual([...Array(10).fill(404), 429]);
    // The right phone waits too: the limit is the reference's.
    expect(await upload(PHONE)).toBe(429);
  });

  it("photos: images only, at most 4, and only files our upload route stored; a message is required", async () => {
    const order = await paidOrder();
    expect((await uploadClaimPhoto(order.shortOrderId, PHONE, PDF_DOC, "application/pdf")).status).toBe(415);
    const stored = `/uploads/receipts/${randomBytes(12).toString("hex")}.jpg`;
    const refuse = async (fields: Record<string, unknown>) => (await t.client().data(OPEN, { input: claimInput(order.shortOrderId, fields) })).openClaim.message;
    expect(await refuse({ photoUrls: Array(5).fill(stored) })).toBe("At most 4 photos");
    expect(await refuse({ photoUrls: ["https://evil.example/x.jpg"] })).toBe("Please upload the photos with the claim form first");
    // A stored private file that was not uploaded for this order (another shopper's receipt, say).
    expect(await refuse({ photoUrls: [stored] })).toBe("Please upload the photos with the claim form first");
    expect(await refuse({ message: "  " })).toBe("Please tell us what is wrong");
    expect(await refuse({ message: "x".repeat(1001) })).toBe("Please keep the message to 1,000 characters");
    expect(await claimsOf(order.id)).toBe(0);
  });
});

async function openedClaim(order: { shortOrderId: string }) {
  const res = await t.client().data(OPEN, { input: claimInput(order.shortOrderId) });
  expect(res.openClaim.__typename).toBe("MutationOpenClaimSuccess");
  return res.openClaim.data.id as string;
}

describe("deciding a claim", () => {
  it("staff refund within STAFF_REFUND_LIMIT only; a transfer refund records the bank reference, lowers amountPaid and net sales, and emails the shopper", async () => {
    const order = await paidOrder({ price: "10000.00" });
    const claimId = await openedClaim(order);
    const decide = (client: GraphQLClient, fields: Record<string, unknown>) => client.data(DECIDE, { input: { claimId, decision: "refund", ...fields } });
    // The last 30 days hold every order of this file, whichever side of a Lagos midnight each read is.
    const month = async () => (await admin.data(`{ ownerFigures { periods { key paidSales refunds netSales } } }`)).ownerFigures.periods[2] as Record<string, string>;
    const before = await month();
    expect((await decide(staff, { amount: "6,000", bankReference: "GTB-1" })).decideClaim.message).toBe("Refunds above ₦5,000 need the owner");
    expect((await decide(staff, { amount: "4,000" })).decideClaim.message).toBe("Enter the bank reference of the transfer you sent back");
    const done = await decide(staff, { amount: "4,000", bankReference: "GTB-REF-1" });
    expect(done.decideClaim.data).toMatchObject({ status: "refunded", refundedAmount: "4000.00", refundStatus: "processed", refundMethod: "transfer" });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("6000.00");
    expect(await t.prisma.refund.findFirstOrThrow({ where: { claimId } })).toMatchObject({ method: "transfer", bankReference: "GTB-REF-1" });
    // The owner's figures: refunds and net sales move by the refund; paid sales do not.
    const kobo = (money: string) => Math.round(Number(money) * 100);
    const after = await month();
    expect(after.key).toBe("30d");
    expect([after.paidSales, kobo(after.refunds) - kobo(before.refunds), kobo(before.netSales) - kobo(after.netSales)]).toEqual([before.paidSales, 400_000, 400_000]);
    expect(await t.prisma.emailOutbox.count({ where: { to: "ada@example.com", subject: `Your claim on order ${order.shortOrderId}` } })).toBeGreaterThan(0);
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { orderId: order.id, action: "claim.refund" } });
    expect(audit.actorLabel).toMatch(/^shopper-.+@example\.com$/);
    // The public status history is the order's: the claim's "refunded" is not a step of it.
    const history = await t.client().data(`query($r: String!) { orderStatusHistory(reference: $r) { status } }`, { r: order.shortOrderId });
    expect(history.orderStatusHistory.map((step: { status: string }) => step.status)).toEqual(["pending", "delivered"]);
  });

  it("the staff limit is on the order: a second claim cannot take staff past it, while the owner can", async () => {
    // Signed in, so the three claims do not spend this file's guest allowance per address.
    const shopper = await signedInCustomer(t);
    const order = await paidOrder({ price: "10000.00", userId: shopper.userId });
    const openedClaim = async () => (await shopper.client.data(OPEN, { input: claimInput(order.shortOrderId, { phone: null }) })).openClaim.data.id as string;
    const first = await openedClaim();
    await staff.data(DECIDE, { input: { claimId: first, decision: "refund", amount: "4,000", bankReference: "GTB-S1" } });
    const second = await openedClaim();
    const decide = (client: GraphQLClient, amount: string) => client.data(DECIDE, { input: { claimId: second, decision: "refund", amount, bankReference: "GTB-S2" } });
    expect((await decide(staff, "2,000")).decideClaim.message).toBe("Refunds above ₦5,000 on one order need the owner (₦4,000 refunded already)");
    expect(await t.prisma.claim.findUniqueOrThrow({ where: { id: second } })).toMatchObject({ status: "open" });
    expect((await decide(staff, "1,000")).decideClaim.data).toMatchObject({ status: "refunded", refundedAmount: "1000.00" });
    const third = await openedClaim();
    const owner = await admin.data(DECIDE, { input: { claimId: third, decision: "refund", amount: "3,000", bankReference: "GTB-A1" } });
    expect(owner.decideClaim.data).toMatchObject({ status: "refunded", refundedAmount: "3000.00" });
  });

  it("a refund never exceeds what was paid less earlier refunds, and two racing take out one", async () => {
    const order = await paidOrder({ price: "10000.00" });
    const first = await openedClaim(order);
    const race = await Promise.all(
      ["GTB-A", "GTB-B"].map((ref) => admin.data(DECIDE, { input: { claimId: first, decision: "refund", amount: "7000", bankReference: ref } })),
    );
    expect(race.map((r) => r.decideClaim.__typename).sort()).toEqual(["MutationDecideClaimSuccess", "ValidationError"]);
    expect(await t.prisma.refund.count({ where: { orderId: order.id } })).toBe(1);
    const second = await openedClaim(order);
    const over = await admin.data(DECIDE, { input: { claimId: second, decision: "refund", amount: "3500", bankReference: "GTB-C" } });
    expect(over.decideClaim).toEqual({ __typename: "ValidationError", message: "A refund cannot be more than what was paid: ₦3,000" });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("3000.00");
    expect(await t.prisma.claim.findUniqueOrThrow({ where: { id: second } })).toMatchObject({ status: "open" });
  });

  it("decline needs a reason; exchange accepts; the pieces go back on sale once", async () => {
    const order = await paidOrder();
    const claimId = await openedClaim(order);
    expect((await staff.data(DECIDE, { input: { claimId, decision: "decline" } })).decideClaim.message).toBe("Please give the shopper a reason");
    expect((await staff.data(DECIDE, { input: { claimId, decision: "exchange", reason: "We will swap it" } })).decideClaim.data.status).toBe("accepted");
    expect((await staff.data(DECIDE, { input: { claimId, decision: "decline", reason: "late" } })).decideClaim.message).toBe("This claim has already been decided");
    const productId = order.items[0]!.productId!;
    const before = (await t.prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock;
    expect((await staff.data(RESTOCK, { id: claimId })).restockClaim.data).toEqual({ restocked: true });
    expect((await staff.data(RESTOCK, { id: claimId })).restockClaim.message).toBe("These pieces are already back on sale");
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock).toBe(before + 1);
  });
});

describe("putting a claim's pieces back on sale", () => {
  const STATUS = `mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename ... on Error { message } } }`;
  const DELETE = `mutation($id: ID!) { deleteOrder(id: $id) { __typename ... on Error { message } } }`;
  const stockOf = async (order: { items: { productId: string | null }[] }) => (await t.prisma.product.findUniqueOrThrow({ where: { id: order.items[0]!.productId! } })).stock;
  const accepted = async (order: { shortOrderId: string }) => {
    const claimId = await openedClaim(order);
    expect((await staff.data(DECIDE, { input: { claimId, decision: "exchange", reason: "We will swap it" } })).decideClaim.data.status).toBe("accepted");
    return claimId;
  };

  it("once per order, for an accepted or refunded claim only: not an open or declined one, not twice through a second claim, a cancel, a deletion, nor after the order was cancelled", async () => {
    const undecided = "Only the pieces of an accepted or refunded claim can go back on sale";
    const already = "These pieces are already back on sale";
    // Open, then declined: the shopper keeps the piece, so it is not back on the shelf.
    const kept = await paidOrder();
    const start = await stockOf(kept);
    const open = await openedClaim(kept);
    expect((await staff.data(RESTOCK, { id: open })).restockClaim.message).toBe(undecided);
    await staff.data(DECIDE, { input: { claimId: open, decision: "decline", reason: "Worn since" } });
    expect((await staff.data(RESTOCK, { id: open })).restockClaim.message).toBe(undecided);
    expect(await stockOf(kept)).toBe(start);

    // Put back once; a second claim on the order, then cancelling it, return nothing more (and it
    // cannot be deleted: it holds money and a claim).
    const order = await paidOrder();
    const before = await stockOf(order);
    expect((await staff.data(RESTOCK, { id: await accepted(order) })).restockClaim.data).toEqual({ restocked: true });
    expect((await staff.data(RESTOCK, { id: await accepted(order) })).restockClaim.message).toBe(already);
    expect((await admin.data(STATUS, { input: { orderId: order.id, status: "cancelled" } })).updateOrderStatus.__typename).not.toMatch(/Error/);
    expect((await admin.data(STATUS, { input: { orderId: order.id, status: "pending" } })).updateOrderStatus.__typename).not.toMatch(/Error/);
    expect((await admin.data(DELETE, { id: order.id })).deleteOrder.__typename).toBe("ValidationError");
    expect(await stockOf(order)).toBe(before + 1);

    // Cancelled while its claim was open: its pieces went back then.
    const cancelled = await paidOrder();
    const was = await stockOf(cancelled);
    const claimId = await openedClaim(cancelled);
    await admin.data(STATUS, { input: { orderId: cancelled.id, status: "cancelled" } });
    expect((await staff.data(DECIDE, { input: { claimId, decision: "exchange", reason: "We will swap it" } })).decideClaim.data.status).toBe("accepted");
    expect((await staff.data(RESTOCK, { id: claimId })).restockClaim.message).toBe(already);
    expect(await stockOf(cancelled)).toBe(was + 1);
  });
});

describe("a Paystack refund", () => {
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** A ₦10,000 order paid by card through the fake Paystack. */
  async function paidThroughPaystack() {
    const order = await paidOrder({ price: "10000.00" });
    const reference = `ps-${randomBytes(6).toString("hex")}`;
    fake.transactions.set(reference, {
      id: 4_200_000_001, reference, email: "ada@example.com", amount: 1_000_000, paidAmount: 1_000_000, status: "success", channel: "card", kind: "checkout", currency: "NGN",
      accountNumber: null, accountExpiresAt: null, accessCode: null, callbackUrl: null, metadata: null, createdAt: new Date().toISOString(), paidAt: new Date().toISOString(),
    });
    await t.prisma.providerPayment.create({ data: { orderId: order.id, provider: "paystack", reference, amountKobo: 1_000_000, paidKobo: 1_000_000, channel: "card", status: "succeeded", paidAt: new Date() } });
    return { order, reference };
  }

  it("goes through POST /refund; a forged webhook is refused; a failed one reopens the claim; Paystack's processed settles it", async () => {
    const { order, reference } = await paidThroughPaystack();
    const claimId = await openedClaim(order);
    const refundOf = () => t.prisma.refund.findFirstOrThrow({ where: { claimId }, orderBy: { createdAt: "desc" } });

    const asked = await admin.data(DECIDE, { input: { claimId, decision: "refund", amount: "3000" } });
    expect(asked.decideClaim.data).toMatchObject({ status: "refunded", refundStatus: "pending", refundedAmount: "3000.00", refundMethod: "paystack" });
    const [queued] = [...fake.refunds.values()].filter((r) => r.transactionReference === reference);
    expect(queued).toMatchObject({ amount: 300_000, status: "pending" });
    expect(fake.calls).toContainEqual({ method: "POST", path: "/refund" });
    expect(await refundOf()).toMatchObject({ method: "paystack", status: "pending", transactionRef: reference, providerRefundId: String(queued!.id) });
    // Told once Paystack took it.
    expect(await t.prisma.emailOutbox.count({ where: { subject: `Your claim on order ${order.shortOrderId}` } })).toBe(1);

    // Forged: right shape, wrong key. Refused, nothing changes.
    queued!.status = "processed";
    expect((await fake.sendWebhook(fake.refundEvent(queued!), { secret: "sk_test_forged" })).status).toBe(401);
    // Signed but untrue (Paystack still says pending): the fetch decides, not the webhook.
    queued!.status = "pending";
    expect((await fake.sendWebhook({ event: "refund.processed", data: { transaction_reference: reference, status: "processed" } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await refundOf()).status).toBe("pending");

    // Paystack fails it: the money counts as paid again and the claim is open again; the shopper, told
    // it was on its way, and the owner hear that it did not go through.
    expect((await fake.settleRefund(queued!.id, "failed"))!.status).toBe(200);
    expect((await until(refundOf, (r) => r.status !== "pending")).status).toBe("failed");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("10000.00");
    expect((await t.prisma.claim.findUniqueOrThrow({ where: { id: claimId } })).status).toBe("open");
    const failedNews = await t.prisma.emailOutbox.findMany({ where: { subject: { contains: order.shortOrderId }, OR: [{ subject: { contains: "did not go through" } }, { subject: { startsWith: "Refund failed" } }] } });
    expect(failedNews.map((e) => e.to).sort()).toEqual(["ada@example.com", t.config.store.email].sort());
    expect(failedNews.find((e) => e.to === "ada@example.com")!.body).toContain("The refund of ₦3,000");

    const again = await admin.data(DECIDE, { input: { claimId, decision: "refund", amount: "3000" } });
    expect(again.decideClaim.data.refundStatus).toBe("pending");
    const retry = [...fake.refunds.values()].find((r) => r.transactionReference === reference && r.status === "pending")!;
    await fake.settleRefund(retry.id, "processed");
    expect((await until(refundOf, (r) => r.status !== "pending")).status).toBe("processed");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("7000.00");
  });

  it("an order paid in parts, holding more than its Paystack payment brought, is refunded by the owner's transfer", async () => {
    const order = await paidOrder({ price: "10000.00" });
    // ₦2,000 by card, the ₦8,000 balance by a transfer the owner marked paid.
    const reference = `ps-part-${randomBytes(6).toString("hex")}`;
    await t.prisma.providerPayment.create({ data: { orderId: order.id, provider: "paystack", reference, amountKobo: 200_000, paidKobo: 200_000, channel: "card", status: "succeeded", paidAt: new Date() } });
    const claimId = await openedClaim(order);
    const listed = await admin.data(`{ adminClaims { id refundMethod } }`);
    expect(listed.adminClaims.find((c: { id: string }) => c.id === claimId)).toEqual({ id: claimId, refundMethod: "transfer" });
    const unreferenced = await admin.data(DECIDE, { input: { claimId, decision: "refund", amount: "10000" } });
    expect(unreferenced.decideClaim.__typename).toBe("ValidationError");
    const refunded = await admin.data(DECIDE, { input: { claimId, decision: "refund", amount: "10000", bankReference: "GTB-REF-778" } });
    expect(refunded.decideClaim.data).toMatchObject({ status: "refunded", refundMethod: "transfer", refundStatus: "processed", refundedAmount: "10000.00" });
    expect([...fake.refunds.values()].filter((r) => r.transactionReference === reference)).toEqual([]);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("0.00");
  });

  it("refused by Paystack: nothing is refunded, the claim stays open and the shopper is told nothing", async () => {
    const order = await paidOrder({ price: "10000.00" });
    // A payment Paystack does not know (POST /refund answers 400).
    const reference = `ps-unknown-${randomBytes(6).toString("hex")}`;
    await t.prisma.providerPayment.create({ data: { orderId: order.id, provider: "paystack", reference, amountKobo: 1_000_000, paidKobo: 1_000_000, channel: "card", status: "succeeded", paidAt: new Date() } });
    const claimId = await openedClaim(order);
    const refused = await admin.data(DECIDE, { input: { claimId, decision: "refund", amount: "3000" } });
    expect(refused.decideClaim).toEqual({ __typename: "ValidationError", message: "Paystack did not take the refund; nothing was refunded. Please try again or refund by transfer" });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("10000.00");
    expect((await t.prisma.claim.findUniqueOrThrow({ where: { id: claimId } })).status).toBe("open");
    expect(await t.prisma.refund.findFirstOrThrow({ where: { claimId } })).toMatchObject({ status: "failed" });
    expect(await t.prisma.emailOutbox.count({ where: { subject: `Your claim on order ${order.shortOrderId}` } })).toBe(0);
    expect(await t.prisma.emailOutbox.count({ where: { subject: `Your refund on order ${order.shortOrderId} did not go through` } })).toBe(0);
  });

  it("a refund whose answer never came stays pending, not refused: the reconcile job finds it at Paystack by its note (one asked without a note by payment and amount); one Paystack never took fails after half an hour and reopens the claim", async () => {
    const asked = [];
    // The first is carried out by Paystack but its answer is lost; the others never reach Paystack.
    for (const mode of ["answers lost", "down", "down"] as const) {
      const { order, reference } = await paidThroughPaystack();
      const claimId = await openedClaim(order);
      fake.mode = mode;
      try {
        const decided = await admin.data(DECIDE, { input: { claimId, decision: "refund", amount: "3000" } });
        expect(decided.decideClaim.data).toMatchObject({ status: "refunded", refundStatus: "pending", refundMethod: "paystack" });
      } finally {
        fake.mode = "up";
      }
      const refundOf = () => t.prisma.refund.findFirstOrThrow({ where: { claimId } });
      expect(await refundOf()).toMatchObject({ status: "pending", providerRefundId: null });
      // The money stays out while Paystack may be sending it.
      expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).amountPaid.toFixed(2)).toBe("7000.00");
      asked.push({ order, claimId, reference, refundOf, emails: () => t.prisma.emailOutbox.count({ where: { subject: `Your claim on order ${order.shortOrderId}` } }) });
    }
    const [taken, untaken, noteless] = asked as [(typeof asked)[0], (typeof asked)[0], (typeof asked)[0]];
    // As if asked before refunds carried a note: Paystack has it without one.
    const unnoted = { id: 4_300_000_001, transactionReference: noteless.reference, amount: 300_000, status: "pending" as const, merchantNote: null, createdAt: new Date().toISOString() };
    fake.refunds.set(unnoted.id, unnoted);
    const atPaystack = [...fake.refunds.values()].filter((r) => r.transactionReference === taken.reference);
    expect(atPaystack).toEqual([expect.objectContaining({ amount: 300_000, status: "pending", merchantNote: `Refund ${(await taken.refundOf()).id}` })]);
    expect([...fake.refunds.values()].filter((r) => r.transactionReference === untaken.reference)).toEqual([]);
    expect(await taken.emails()).toBe(0);

    const reconcileAt = (now: Date) => paymentReconcileJob(t.prisma, t.config, () => now)!.run();
    const interval = t.config.paystack!.reconcileIntervalMs;
    // After the grace: found by its note and kept, the shopper told; Paystack still has it pending.
    const later = new Date(Date.now() + 2 * 60_000);
    await reconcileAt(later);
    expect(await taken.refundOf()).toMatchObject({ status: "pending", providerRefundId: String(atPaystack[0]!.id) });
    expect(await taken.emails()).toBe(1);
    expect(await noteless.refundOf()).toMatchObject({ status: "pending", providerRefundId: String(unnoted.id) });
    // Not listed, but asked only minutes ago: it may yet be, so it stays pending.
    expect(await untaken.refundOf()).toMatchObject({ status: "pending", providerRefundId: null });

    await fake.settleRefund(atPaystack[0]!.id, "processed", { webhook: false });
    const muchLater = new Date(later.getTime() + 2 * interval);
    await reconcileAt(muchLater);
    expect((await taken.refundOf()).status).toBe("processed");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: taken.order.id } })).amountPaid.toFixed(2)).toBe("7000.00");
    expect(await taken.emails()).toBe(1);

    // Still not at Paystack half an hour on: it never went out. The money counts as paid again and
    // the claim is open for a new decision; the shopper was never told of it.
    expect((await untaken.refundOf()).status).toBe("failed");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: untaken.order.id } })).amountPaid.toFixed(2)).toBe("10000.00");
    expect((await t.prisma.claim.findUniqueOrThrow({ where: { id: untaken.claimId } })).status).toBe("open");
    expect(await untaken.emails()).toBe(0);
  });

  it("a lost refund webhook: the reconcile job settles what Paystack processed, after a minute's grace, once; one still pending stays pending", async () => {
    const refunded = [];
    for (let i = 0; i < 2; i++) {
      const { order, reference } = await paidThroughPaystack();
      const claimId = await openedClaim(order);
      expect((await admin.data(DECIDE, { input: { claimId, decision: "refund", amount: "3000" } })).decideClaim.data.refundStatus).toBe("pending");
      const queued = [...fake.refunds.values()].find((r) => r.transactionReference === reference)!;
      refunded.push({ order, claimId, queued, refundOf: () => t.prisma.refund.findFirstOrThrow({ where: { claimId } }) });
    }
    const [lost, slow] = refunded as [(typeof refunded)[0], (typeof refunded)[0]];
    // Paystack processes one; its webhook never arrives. The other is still pending at Paystack.
    await fake.settleRefund(lost.queued.id, "processed", { webhook: false });
    const month = async () => (await admin.data(`{ ownerFigures { periods { refunds } } }`)).ownerFigures.periods[2].refunds as string;
    const before = { refunds: await month(), emails: await t.prisma.emailOutbox.count({ where: { subject: `Your claim on order ${lost.order.shortOrderId}` } }) };
    const reconcileAt = (now: Date) => paymentReconcileJob(t.prisma, t.config, () => now)!.run();

    // Within the grace the webhook may still come: the job leaves the refund alone.
    await reconcileAt(new Date());
    expect((await lost.refundOf()).status).toBe("pending");

    const later = new Date(Date.now() + 2 * 60_000);
    // Two instances at once, then once more: one settlement.
    await Promise.all([reconcileAt(later), reconcileAt(later)]);
    const settled = await lost.refundOf();
    expect(settled).toMatchObject({ status: "processed", settledAt: expect.any(Date) });
    expect(await t.prisma.claim.findUniqueOrThrow({ where: { id: lost.claimId } })).toMatchObject({ status: "refunded" });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: lost.order.id } })).amountPaid.toFixed(2)).toBe("7000.00");
    const kobo = (money: string) => Math.round(Number(money) * 100);
    expect(kobo(await month()) - kobo(before.refunds)).toBe(300_000);
    await reconcileAt(new Date(later.getTime() + 2 * t.config.paystack!.reconcileIntervalMs));
    expect(await lost.refundOf()).toEqual(settled);
    expect(await t.prisma.auditEntry.count({ where: { orderId: lost.order.id, action: "refund.processed" } })).toBe(1);
    expect(kobo(await month()) - kobo(before.refunds)).toBe(300_000);
    // The shopper was told when Paystack took the refund, not again.
    expect(await t.prisma.emailOutbox.count({ where: { subject: `Your claim on order ${lost.order.shortOrderId}` } })).toBe(before.emails);

    expect(await slow.refundOf()).toMatchObject({ status: "pending", settledAt: null });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: slow.order.id } })).amountPaid.toFixed(2)).toBe("7000.00");
  });
});
