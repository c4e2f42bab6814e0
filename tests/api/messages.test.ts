// WhatsApp and SMS messages against local fakes of Meta's Cloud API and Termii (decision 036): the
// messages each event writes (consent on and off, every template and its parameters, the payment
// reminder once, a claim's decision), the outbox's delivery (retries after 500 and 429), the webhook (verification,
// signatures, status updates), the SMS fallback of a failed message, STOP, and the Messages tab.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "../mocks/whatsapp-server.ts";
import { startFakeTermii, type FakeTermii } from "../mocks/termii-server.ts";
import { TEMPLATE_BODIES, paymentConfirmed } from "../../server/src/modules/messages/templates.ts";
import { queueMessages } from "../../server/src/modules/messages/outbox.ts";
import { sendDuePaymentReminders } from "../../server/src/modules/messages/payment-reminders.service.ts";
import { makeProduct } from "../helpers/fixtures.ts";

const approved = Object.fromEntries(Object.entries(TEMPLATE_BODIES).map(([name, body]) => [name, body.match(/\{\{\d+\}\}/g)!.length]));
const VERIFY_TOKEN = "verify-me-please";
const WEBHOOK = "/api/messages/whatsapp/webhook";

let t: TestStore;
let whatsapp: FakeWhatsApp;
let termii: FakeTermii;
let admin: GraphQLClient;
beforeAll(async () => {
  whatsapp = await startFakeWhatsApp({ approved });
  termii = await startFakeTermii();
  t = await startTestStore({
    seed: false,
    env: {
      WHATSAPP_TOKEN: whatsapp.token,
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_API_URL: whatsapp.url,
      WHATSAPP_APP_SECRET: whatsapp.appSecret,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      TERMII_API_KEY: termii.apiKey,
      TERMII_BASE_URL: termii.url,
      TERMII_SENDER_ID: "ThriftNG",
      STORE_WHATSAPP: "+234 803 555 0142",
    },
  });
  whatsapp.webhookUrl = `${t.url}${WEBHOOK}`;
  admin = await t.admin();
});
afterAll(async () => {
  await t?.close();
  await whatsapp?.close();
  await termii?.close();
});

async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

let numbers = 0;
/** A number of its own for the next queued() message (failures are queued for a number). */
const nextNumber = () => `23480300000${String(numbers + 1).padStart(2, "0")}`;
/** A message queued as an event would queue it, to a number of its own; `later`: not yet due. */
async function queued(channel: "whatsapp" | "sms" = "whatsapp", later = false) {
  const to = `23480300000${String(++numbers).padStart(2, "0")}`;
  await t.prisma.$transaction(async (tx) => {
    await queueMessages(tx, [{ ...paymentConfirmed(t.config.publicUrl, "Thrift", { shortOrderId: `REF${numbers}` }), orderId: null, channel, to, toShopper: true }]);
    if (later) await tx.messageOutbox.updateMany({ where: { to }, data: { nextAttemptAt: new Date(Date.now() + 3_600_000) } });
  });
  return t.prisma.messageOutbox.findFirstOrThrow({ where: { to } });
}
const row = (id: string) => t.prisma.messageOutbox.findUniqueOrThrow({ where: { id } });
/** Ends a backoff now, as the clock would. */
const due = (id: string) => t.prisma.messageOutbox.update({ where: { id }, data: { nextAttemptAt: new Date() } });

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on Error { message } ... on MutationPlaceOrderSuccess { data { order { id shortOrderId } } } } }`;

let shoppers = 0;
/** A guest checkout of one ₦5,000 piece (doorstep, Lagos), with or without WhatsApp updates. */
async function checkout(whatsappUpdates?: boolean) {
  const phone = `0805555${String(++shoppers).padStart(4, "0")}`;
  const product = await makeProduct(t.prisma, { price: "5000", stock: 1 });
  const input = {
    fullName: "Ada Obi",
    email: `ada${shoppers}@example.ng`,
    phone,
    deliveryMethod: "pickup",
    items: [{ productId: product.id, quantity: 1 }],
    idempotencyKey: `messages-${shoppers}-${Date.now()}`,
    ...(whatsappUpdates === undefined ? {} : { whatsappUpdates }),
  };
  const res = await t.client().data(PLACE, { input });
  expect(res.placeOrder.__typename).toBe("MutationPlaceOrderSuccess");
  const { id, shortOrderId } = res.placeOrder.data.order as { id: string; shortOrderId: string };
  return { id, shortOrderId, to: `234${phone.slice(1)}` };
}
const messagesOf = (orderId: string) => t.prisma.messageOutbox.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { template: "asc" }] });
/** The payment page the order_received and payment_reminder messages link to. */
const link = (ref: string) => `${t.config.publicUrl}/pay/${ref}`;

describe("events", () => {
  it("checkout: an opted-in shopper gets order_received, the owner owner_new_order; without the box ticked only the owner hears", async () => {
    const opted = await checkout(true);
    const rows = await messagesOf(opted.id);
    expect(rows.map((m) => [m.template, m.channel, m.to, m.params])).toEqual([
      ["order_received", "whatsapp", opted.to, ["Ada Obi", opted.shortOrderId, "₦5,000", link(opted.shortOrderId)]],
      ["owner_new_order", "whatsapp", "2348035550142", [opted.shortOrderId, "₦5,000", "Web store"]],
    ]);
    const sent = await until(async () => whatsapp.sent.find((m) => m.template === "order_received" && m.to === opted.to));
    expect(sent.params).toEqual(rows[0]!.params);
    const silent = await checkout();
    expect((await messagesOf(silent.id)).map((m) => m.template)).toEqual(["owner_new_order"]);
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: silent.id } })).toMatchObject({ whatsappUpdates: false });
  });

  it("payment confirmed and shipped reach an opted-in shopper with their parameters", async () => {
    const order = await checkout(true);
    const paid = await admin.data(`mutation($id: ID!) { markOrderPaid(orderId: $id) { __typename ... on Error { message } } }`, { id: order.id });
    expect(paid.markOrderPaid.__typename).not.toBe("ValidationError");
    const shipped = await admin.data(`mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename ... on Error { message } } }`, {
      input: { orderId: order.id, status: "shipped", transportCompany: "GIG Logistics", waybillNumber: "WB-5521" },
    });
    expect(shipped.updateOrderStatus.__typename).toBe("MutationUpdateOrderStatusSuccess");
    const rows = await messagesOf(order.id);
    expect(rows.filter((m) => m.to === order.to).map((m) => [m.template, m.params])).toEqual([
      ["order_received", expect.any(Array)],
      ["payment_confirmed", [order.shortOrderId]],
      ["order_shipped", [order.shortOrderId, expect.stringMatching(/^GIG Logistics, waybill WB-5521, tracking TRK-\w+$/)]],
    ]);
  });

  it("the payment reminder goes once when due, by email and WhatsApp, with the amount, the time left in Lagos time and the link; never to a paid order", async () => {
    const unpaid = await checkout(true);
    const paid = await checkout(true);
    await admin.data(`mutation($id: ID!) { markOrderPaid(orderId: $id) { __typename } }`, { id: paid.id });
    const { holdExpiresAt } = await t.prisma.order.findUniqueOrThrow({ where: { id: unpaid.id } });
    // Two hours before the hold ends, with reminders due six hours before: due now.
    const now = new Date(holdExpiresAt!.getTime() - 2 * 3_600_000);
    const config = { ...t.config, paymentReminderBeforeMinutes: 360 };
    const first = await sendDuePaymentReminders(t.prisma, config, now);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await sendDuePaymentReminders(t.prisma, config, now)).toBe(0);
    const reminders = (await messagesOf(unpaid.id)).filter((m) => m.template === "payment_reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.params).toEqual([unpaid.shortOrderId, "₦5,000", expect.stringMatching(/^2 hours \(until \w{3} \d+ \w{3} \d{4}, \d+:\d\d [AP]M, Lagos time\)$/), link(unpaid.shortOrderId)]);
    const emails = await t.prisma.emailOutbox.findMany({ where: { subject: { startsWith: `Reminder: order ${unpaid.shortOrderId} ` } } });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.body).toContain(link(unpaid.shortOrderId));
    expect((await messagesOf(paid.id)).some((m) => m.template === "payment_reminder")).toBe(false);
    // Past the hold: never.
    expect(await sendDuePaymentReminders(t.prisma, config, new Date(holdExpiresAt!.getTime() + 60_000))).toBe(0);
  });

  it("a paid order that grew is reminded of its balance before the added pieces go back on sale, though reminded before it was paid", async () => {
    const order = await checkout(true);
    const config = { ...t.config, paymentReminderBeforeMinutes: 360 };
    const first = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    await sendDuePaymentReminders(t.prisma, config, new Date(first.holdExpiresAt!.getTime() - 2 * 3_600_000));
    await admin.data(`mutation($id: ID!) { markOrderPaid(orderId: $id) { __typename } }`, { id: order.id });
    // The shopper adds a ₦2,000 piece to the paid order: it awaits the balance, held anew.
    const extra = await makeProduct(t.prisma, { price: "2000", stock: 1 });
    const added = await t.client().data(`mutation($input: AddToOrderInput!) { addToOrder(input: $input) { __typename ... on Error { message } } }`, {
      input: { reference: order.shortOrderId, phone: `0${order.to.slice(3)}`, items: [{ productId: extra.id, quantity: 1 }] },
    });
    expect(added.addToOrder.__typename).toBe("MutationAddToOrderSuccess");
    const grown = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(grown).toMatchObject({ status: "confirmed", paymentStatus: "awaiting_transfer" });
    const now = new Date(grown.holdExpiresAt!.getTime() - 2 * 3_600_000);
    await sendDuePaymentReminders(t.prisma, config, now);
    expect(await sendDuePaymentReminders(t.prisma, config, now)).toBe(0);
    const reminders = (await messagesOf(order.id)).filter((m) => m.template === "payment_reminder");
    expect(reminders.map((m) => (m.params as string[])[1])).toEqual(["₦5,000", "₦2,000"]);
    const emails = await t.prisma.emailOutbox.findMany({ where: { subject: { startsWith: `Reminder: order ${order.shortOrderId} ` } }, orderBy: { createdAt: "asc" } });
    expect(emails.map((e) => e.subject)).toEqual([expect.stringContaining("₦5,000"), expect.stringContaining("₦2,000")]);
    expect(emails[1]!.body).toContain("the pieces you added");
  });
});

describe("claims", () => {
  const STATUS = `mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename ... on Error { message } } }`;
  const OPEN = `mutation($input: OpenClaimInput!) { openClaim(input: $input) { __typename ... on Error { message } ... on MutationOpenClaimSuccess { data { id } } } }`;
  const DECIDE = `mutation($input: DecideClaimInput!) { decideClaim(input: $input) { __typename ... on Error { message } ... on MutationDecideClaimSuccess { data { status } } } }`;

  /** A checkout paid and delivered, with a claim opened by the guest (reference and phone). */
  async function claimed(whatsappUpdates?: boolean) {
    const order = await checkout(whatsappUpdates);
    await admin.data(`mutation($id: ID!) { markOrderPaid(orderId: $id) { __typename } }`, { id: order.id });
    expect((await admin.data(STATUS, { input: { orderId: order.id, status: "delivered" } })).updateOrderStatus.__typename).toBe("MutationUpdateOrderStatusSuccess");
    const phone = `0${order.to.slice(3)}`;
    const opened = await t.client().data(OPEN, { input: { reference: order.shortOrderId, phone, reason: "undisclosed_flaw", message: "A stain the photos did not show" } });
    expect(opened.openClaim.__typename).toBe("MutationOpenClaimSuccess");
    return { ...order, claimId: opened.openClaim.data.id as string };
  }

  it("a decision reaches an opted-in shopper as claim_decided, in the decision's transaction; without the box ticked nothing is written", async () => {
    const opted = await claimed(true);
    const refunded = await admin.data(DECIDE, { input: { claimId: opted.claimId, decision: "refund", amount: "2000", bankReference: "GTB-CLAIM-1" } });
    expect(refunded.decideClaim).toEqual({ __typename: "MutationDecideClaimSuccess", data: { status: "refunded" } });
    const rows = (await messagesOf(opted.id)).filter((m) => m.template === "claim_decided");
    expect(rows.map((m) => [m.channel, m.to, m.params])).toEqual([
      ["whatsapp", opted.to, [opted.shortOrderId, "we are refunding ₦2,000", `${t.config.publicUrl}/track-order/${opted.shortOrderId}`]],
    ]);
    const sent = await until(async () => whatsapp.sent.find((m) => m.template === "claim_decided" && m.to === opted.to));
    expect(sent.params).toEqual(rows[0]!.params);

    const silent = await claimed();
    const declined = await admin.data(DECIDE, { input: { claimId: silent.claimId, decision: "decline", reason: "The stain is in the listing's third photo" } });
    expect(declined.decideClaim.data.status).toBe("declined");
    expect((await messagesOf(silent.id)).some((m) => m.template === "claim_decided")).toBe(false);
    // A refused decision writes no message either.
    const again = await admin.data(DECIDE, { input: { claimId: opted.claimId, decision: "decline", reason: "late" } });
    expect(again.decideClaim.message).toBe("This claim has already been decided");
    expect((await messagesOf(opted.id)).filter((m) => m.template === "claim_decided")).toHaveLength(1);
  });
});

describe("delivery", () => {
  it("a template goes to the Cloud API as published: the number without a plus, the language, the body parameters", async () => {
    const message = await queued();
    const sent = await until(async () => whatsapp.sent.find((m) => m.to === message.to));
    expect(sent).toMatchObject({ template: "payment_confirmed", language: "en", params: [`REF${numbers}`], opaque: message.id, phoneNumberId: "106540352242922" });
    const done = await until(async () => ((await row(message.id)).status === "sent" ? row(message.id) : null));
    expect(done).toMatchObject({ providerMessageId: sent.wamid, attempts: 1, lastError: null });
  });

  it("a 500 and then a 429 are retried after their backoff, and the message goes once", async () => {
    whatsapp.failNext(nextNumber(), 500, 429);
    const message = await queued();
    const first = await until(async () => ((await row(message.id)).attempts === 1 ? row(message.id) : null));
    expect(first.status).toBe("queued");
    expect(first.lastError).toMatch(/500/);
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await due(message.id);
    const second = await until(async () => ((await row(message.id)).attempts === 2 ? row(message.id) : null));
    expect(second).toMatchObject({ status: "queued", lastError: expect.stringMatching(/429 \(code 130429\)/) });
    await due(message.id);
    await until(async () => (await row(message.id)).status === "sent");
    expect(whatsapp.sent.filter((m) => m.to === message.to)).toHaveLength(1);
  });

  it("an answer lost after Meta took the message (5xx or timeout) does not undo what the webhook said meanwhile: neither a sent message nor the buyer's STOP is sent again", async () => {
    const settledAfter = async (id: string) => {
      await whatsapp.lostAnswer;
      // The failure's own write follows the answer at once; give it time on a busy machine.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return row(id);
    };
    whatsapp.acceptThenFailNext(nextNumber(), (sent) => whatsapp.sendStatus(sent.wamid, "sent"));
    const sent = await queued();
    expect(await settledAfter(sent.id)).toMatchObject({ status: "sent", attempts: 0 });

    whatsapp.acceptThenFailNext(nextNumber(), (sent) => whatsapp.sendInbound(sent.to, "STOP"));
    const stopped = await queued();
    expect(await settledAfter(stopped.id)).toMatchObject({ status: "cancelled", attempts: 0 });
    expect(whatsapp.sent.filter((m) => m.to === sent.to || m.to === stopped.to)).toHaveLength(2);
  });

  it("Termii: the SMS goes on the dnd channel from the sender id; a 429 is retried", async () => {
    termii.failNext(nextNumber(), 429);
    const message = await queued("sms");
    await until(async () => (await row(message.id)).attempts === 1);
    await due(message.id);
    const sms = await until(async () => termii.sent.find((s) => s.to === message.to));
    expect(sms).toMatchObject({ channel: "dnd", from: "ThriftNG", sms: message.text });
    await until(async () => (await row(message.id)).status === "sent");
  });
});

describe("webhook", () => {
  it("GET answers Meta's verification with the challenge only for the right token", async () => {
    const verify = (token: string, mode = "subscribe") => fetch(`${t.url}${WEBHOOK}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`);
    const ok = await verify(VERIFY_TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe("1158201444");
    expect((await verify("wrong")).status).toBe(403);
    expect((await verify(VERIFY_TOKEN, "unsubscribe")).status).toBe(403);
  });

  it("status updates are recorded; a forged or unsigned one changes nothing", async () => {
    const message = await queued();
    await until(async () => (await row(message.id)).status === "sent");
    const { wamid } = whatsapp.sent.find((m) => m.to === message.to)!;
    expect(await whatsapp.sendStatus(wamid, "read", { secret: "not-the-app-secret" })).toBe(403);
    expect(await whatsapp.sendStatus(wamid, "read", { signature: null })).toBe(401);
    expect((await row(message.id)).status).toBe("sent");
    expect(await whatsapp.sendStatus(wamid, "read")).toBe(200);
    // Out of order: a late "delivered" never moves it back.
    expect(await whatsapp.sendStatus(wamid, "delivered")).toBe(200);
    expect(await row(message.id)).toMatchObject({ status: "read", statusAt: expect.any(Date) });
  });

  it("a failed WhatsApp message falls back to one SMS with the reference and the link", async () => {
    const message = await queued();
    await until(async () => (await row(message.id)).status === "sent");
    const { wamid } = whatsapp.sent.find((m) => m.to === message.to)!;
    expect(await whatsapp.sendStatus(wamid, "failed")).toBe(200);
    // Meta delivers a webhook again when it misses our answer: still one fallback.
    expect(await whatsapp.sendStatus(wamid, "failed")).toBe(200);
    expect(await row(message.id)).toMatchObject({ status: "failed", lastError: expect.stringMatching(/131026/) });
    const sms = await until(async () => termii.sent.find((s) => s.to === message.to));
    expect(sms.sms).toContain(`REF${numbers}`);
    expect(sms.sms).toContain(`${t.config.publicUrl}/track-order/REF${numbers}`);
    await until(async () => (await t.prisma.messageOutbox.findFirst({ where: { fallbackOf: message.id, status: "sent" } })) !== null);
    expect(await t.prisma.messageOutbox.count({ where: { to: message.to } })).toBe(2);
  });

  it("STOP opts the number out: what was queued is cancelled and nothing more is written, on WhatsApp or SMS", async () => {
    const waiting = await queued("whatsapp", true);
    expect(await whatsapp.sendInbound(waiting.to, " Stop ")).toBe(200);
    expect(await row(waiting.id)).toMatchObject({ status: "cancelled" });
    await queueMessages(t.prisma, [{ ...paymentConfirmed(t.config.publicUrl, "Thrift", { shortOrderId: "AFTER" }), orderId: null, channel: "sms", to: waiting.to, toShopper: true }]);
    expect(await t.prisma.messageOutbox.count({ where: { to: waiting.to } })).toBe(1);
  });
});

describe("admin", () => {
  it("the Messages tab lists messages with their status, and a failed one can be retried, unless its SMS stand-in went out or its number replied STOP since", async () => {
    whatsapp.failNext(nextNumber(), 400);
    const message = await queued();
    const failed = await until(async () => ((await row(message.id)).status === "failed" ? row(message.id) : null));
    expect(failed.attempts).toBe(1);
    const listed = await admin.data(`{ adminMessageDelivery { whatsappConfigured smsConfigured } adminMessages(status: failed) { id channel template to status lastError } }`);
    expect(listed.adminMessageDelivery).toEqual({ whatsappConfigured: true, smsConfigured: true });
    expect(listed.adminMessages).toContainEqual({ id: message.id, channel: "whatsapp", template: "payment_confirmed", to: message.to, status: "failed", lastError: expect.stringMatching(/400/) });
    const retry = () => admin.data(`mutation($id: ID!) { retryMessage(id: $id) { __typename ... on MutationRetryMessageSuccess { data { status } } ... on Error { message } } }`, { id: message.id });
    // Its SMS stand-in went out (Termii is configured): a retry would reach the buyer twice.
    await until(async () => t.prisma.messageOutbox.findFirst({ where: { fallbackOf: message.id } }));
    expect((await retry()).retryMessage).toEqual({ __typename: "ValidationError", message: "This message already went out by SMS instead" });
    // Once the SMS has failed too, it can.
    await t.prisma.messageOutbox.updateMany({ where: { fallbackOf: message.id }, data: { status: "failed" } });
    expect((await retry()).retryMessage).toEqual({ __typename: "MutationRetryMessageSuccess", data: { status: "queued" } });
    await until(async () => (await row(message.id)).status === "sent");
    const again = await admin.data(`mutation($id: ID!) { retryMessage(id: $id) { __typename ... on Error { message } } }`, { id: message.id });
    expect(again.retryMessage).toEqual({ __typename: "ValidationError", message: "Only failed messages can be retried" });
    // Not to a buyer who has replied STOP since it failed.
    whatsapp.failNext(nextNumber(), 400);
    const unwanted = await queued();
    await until(async () => (await row(unwanted.id)).status === "failed");
    expect(await whatsapp.sendInbound(unwanted.to, "STOP")).toBe(200);
    const refused = await admin.data(`mutation($id: ID!) { retryMessage(id: $id) { __typename ... on Error { message } } }`, { id: unwanted.id });
    expect(refused.retryMessage).toEqual({ __typename: "ValidationError", message: "This number replied STOP, so it gets no more messages" });
    expect((await row(unwanted.id)).status).toBe("failed");
    const shopper = await t.client().request(`{ adminMessages { id } }`, {});
    expect(shopper.errors?.[0]?.message).toBeTruthy();
  });
});
