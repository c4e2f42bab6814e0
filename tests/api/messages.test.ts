// WhatsApp and SMS messages against local fakes of Meta's Cloud API and Termii (decision 036): the
// outbox's delivery (retries after 500 and 429), the webhook (verification, signatures, status
// updates), the SMS fallback of a failed message, STOP, and the admin's Messages tab.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "../mocks/whatsapp-server.ts";
import { startFakeTermii, type FakeTermii } from "../mocks/termii-server.ts";
import { TEMPLATE_BODIES, paymentConfirmed } from "../../server/src/modules/messages/templates.ts";
import { queueMessages } from "../../server/src/modules/messages/outbox.ts";

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

async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

let numbers = 0;
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

describe("delivery", () => {
  it("a template goes to the Cloud API as published: the number without a plus, the language, the body parameters", async () => {
    const message = await queued();
    const sent = await until(async () => whatsapp.sent.find((m) => m.to === message.to));
    expect(sent).toMatchObject({ template: "payment_confirmed", language: "en", params: [`REF${numbers}`], opaque: message.id, phoneNumberId: "106540352242922" });
    const done = await until(async () => ((await row(message.id)).status === "sent" ? row(message.id) : null));
    expect(done).toMatchObject({ providerMessageId: sent.wamid, attempts: 1, lastError: null });
  });

  it("a 500 and then a 429 are retried after their backoff, and the message goes once", async () => {
    whatsapp.failNext(500, 429);
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

  it("Termii: the SMS goes on the dnd channel from the sender id; a 429 is retried", async () => {
    termii.failNext(429);
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
  it("the Messages tab lists messages with their status, and a failed one can be retried", async () => {
    whatsapp.failNext(400);
    const message = await queued();
    const failed = await until(async () => ((await row(message.id)).status === "failed" ? row(message.id) : null));
    expect(failed.attempts).toBe(1);
    const listed = await admin.data(`{ adminMessageDelivery { whatsappConfigured smsConfigured } adminMessages(status: failed) { id channel template to status lastError } }`);
    expect(listed.adminMessageDelivery).toEqual({ whatsappConfigured: true, smsConfigured: true });
    expect(listed.adminMessages).toContainEqual({ id: message.id, channel: "whatsapp", template: "payment_confirmed", to: message.to, status: "failed", lastError: expect.stringMatching(/400/) });
    const retried = await admin.data(`mutation($id: ID!) { retryMessage(id: $id) { __typename ... on MutationRetryMessageSuccess { data { status } } ... on Error { message } } }`, { id: message.id });
    expect(retried.retryMessage).toEqual({ __typename: "MutationRetryMessageSuccess", data: { status: "queued" } });
    await until(async () => (await row(message.id)).status === "sent");
    const again = await admin.data(`mutation($id: ID!) { retryMessage(id: $id) { __typename ... on Error { message } } }`, { id: message.id });
    expect(again.retryMessage).toEqual({ __typename: "ValidationError", message: "Only failed messages can be retried" });
    const shopper = await t.client().request(`{ adminMessages { id } }`, {});
    expect(shopper.errors?.[0]?.message).toBeTruthy();
  });
});
