// With SMTP_URL set, the outbox is delivered to a real (local) SMTP listener; failures are
// retried with backoff and failed emails can be retried by an admin.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { startFakeSmtpServer, type FakeSmtpServer } from "../mocks/smtp-server.ts";
import { makeOrder } from "./admin-fixtures.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let smtp: FakeSmtpServer;
let admin: GraphQLClient;
beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await startTestStore({ seed: false, env: { SMTP_URL: smtp.url, MAIL_FROM: "Thrift Store <orders@thrift.test>" } });
  admin = await t.admin();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const UPDATE_STATUS = `mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename ... on Error { message } } }`;

async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("status emails by SMTP", () => {
  it("a status change email reaches the SMTP server and is marked sent in the outbox", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "smtp-shopper@example.com" });
    const res = await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "shipped", confirmUnpaid: true } });
    expect(res.updateOrderStatus.__typename).toBe("MutationUpdateOrderStatusSuccess");

    const mail = await smtp.waitFor((m) => m.to.includes("smtp-shopper@example.com"));
    expect(mail.subject).toBe(`Order ${order.shortOrderId}: Shipped`);
    expect(mail.from).toBe("orders@thrift.test");
    // Quoted-printable (the body has ₦) wraps long lines with a soft break ("=" at the end of a line).
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(`/track-order/${order.shortOrderId}`);
    const row = await until(() => t.prisma.emailOutbox.findFirst({ where: { to: "smtp-shopper@example.com", status: "sent" } }));
    expect(row.sentAt).toBeTruthy();
    expect(row.attempts).toBe(1);
    // With SMTP configured the admin sees the real state.
    const outbox = await admin.data(`{ adminMailDelivery { smtpConfigured } adminEmails(status: sent) { to deliveryState } }`);
    expect(outbox.adminMailDelivery).toEqual({ smtpConfigured: true });
    expect(outbox.adminEmails.find((e: { to: string }) => e.to === "smtp-shopper@example.com")).toEqual({ to: "smtp-shopper@example.com", deliveryState: "sent" });
  });

  it("a refused delivery is logged on the row and retried after the backoff, without touching the order", async () => {
    smtp.failNext(1);
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "retry-shopper@example.com" });
    await admin.data(UPDATE_STATUS, { input: { orderId: order.id, status: "processing", confirmUnpaid: true } });

    const failed = await until(() => t.prisma.emailOutbox.findFirst({ where: { to: "retry-shopper@example.com", attempts: 1 } }));
    expect(failed.status).toBe("queued");
    expect(failed.lastError).toMatch(/451/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("processing");

    // The backoff elapses.
    await t.prisma.emailOutbox.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date() } });
    await smtp.waitFor((m) => m.to.includes("retry-shopper@example.com"));
    const sent = await until(() => t.prisma.emailOutbox.findFirst({ where: { id: failed.id, status: "sent" } }));
    expect(sent.attempts).toBe(2);
  });

  it("an admin sees failed emails and retries one; it is then delivered", async () => {
    const row = await t.prisma.emailOutbox.create({
      data: { to: "gave-up@example.com", subject: "Order X: Delivered", body: "Hello", status: "failed", attempts: 6, lastError: "Connection refused" },
    });
    const { adminEmails } = await admin.data(`{ adminEmails(status: failed) { id to subject status lastError createdAt } }`);
    expect(adminEmails).toEqual([expect.objectContaining({ id: row.id, to: "gave-up@example.com", status: "failed", lastError: "Connection refused" })]);

    const retried = await admin.data(`mutation($id: ID!) { retryEmail(id: $id) { __typename ... on MutationRetryEmailSuccess { data { status } } } }`, { id: row.id });
    expect(retried.retryEmail.data.status).toBe("queued");
    await smtp.waitFor((m) => m.to.includes("gave-up@example.com"));
    await until(() => t.prisma.emailOutbox.findFirst({ where: { id: row.id, status: "sent" } }));

    const again = await admin.data(`mutation($id: ID!) { retryEmail(id: $id) { __typename ... on Error { message } } }`, { id: row.id });
    expect(again.retryEmail).toEqual({ __typename: "ValidationError", message: "Only failed emails can be retried" });
  });
});

describe("an SMTP server that never answers", () => {
  let silent: FakeSmtpServer;
  let store: TestStore;
  beforeAll(async () => {
    silent = await startFakeSmtpServer();
    // nodemailer reads its options from SMTP_URL's query: a one-second silence is a timeout here.
    store = await startTestStore({ seed: false, env: { SMTP_URL: `${silent.url}?socketTimeout=1000` } });
  });
  afterAll(async () => {
    await store?.close();
    await silent?.close();
  });

  it("gives the send up and leaves a row another instance sent meanwhile as sent", async () => {
    silent.stallNext(1);
    const row = await store.prisma.emailOutbox.create({ data: { to: "stalled@example.com", subject: "Order Y: Shipped", body: "Hello" } });
    await silent.waitFor((m) => m.to.includes("stalled@example.com"));
    // The answer never comes: by now another instance, its lease run out, has sent it.
    await store.prisma.emailOutbox.update({ where: { id: row.id }, data: { status: "sent", sentAt: new Date() } });
    const leaseEnd = (await store.prisma.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).nextAttemptAt;
    expect(leaseEnd.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
    // The stalled send ends in a timeout (the pass moves on: the next email goes out) …
    await store.prisma.emailOutbox.create({ data: { to: "next@example.com", subject: "Order Z: Shipped", body: "Hello" } });
    await silent.waitFor((m) => m.to.includes("next@example.com"));
    await until(() => store.prisma.emailOutbox.findFirst({ where: { to: "next@example.com", status: "sent" } }));
    // … and does not put the row back in the queue to go a third time.
    expect(await store.prisma.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 0, lastError: null });
  });
});
