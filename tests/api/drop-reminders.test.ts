// Drops on the home page and "tell me when it drops" reminders (decision 020): the next drop is
// announced without its pieces; a shopper asks with consent; at drop time each reminder becomes
// exactly one outbox email, even with several instances racing; every email can be unsubscribed
// from in one click, and unsubscribing twice is harmless.
import { randomUUID } from "node:crypto";
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { testDbMode } from "../helpers/databases.ts";
import { openDatabase } from "../../server/src/db/database.ts";
import { dropReminderJob } from "../../server/src/jobs/drop-reminder.job.ts";
import { sendDueDropReminders } from "../../server/src/modules/drops/drops.service.ts";
import { signingKey, unsubscribeToken } from "../../server/src/modules/drops/unsubscribe-token.ts";
import { toLagosDateTimeInput } from "../../common/lagos-time-input.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const DAY = 24 * 3600_000;
const NEXT_DROP = `{ nextDrop { at productCount categories } }`;
const REMIND = `mutation($input: DropReminderInput!) {
  requestDropReminder(input: $input) { __typename ... on Error { message } ... on MutationRequestDropReminderSuccess { data { dropAt } } }
}`;

/** A drop of `count` pieces at `at` (whole seconds), in a fresh category. */
async function scheduleDrop(at: Date, count = 2) {
  const slug = `drop-cat-${randomUUID().slice(0, 6)}`;
  const category = await t.prisma.category.create({ data: { name: `Ladies - ${slug}`, slug, main: "ladies" } });
  for (let i = 0; i < count; i++) {
    const id = randomUUID().slice(0, 8);
    await t.prisma.product.create({ data: { name: `Secret piece ${id}`, slug: `secret-${id}`, price: "7000", stock: 1, categoryId: category.id, goesLiveAt: at } });
  }
  return category;
}

const outboxFor = (email: string) => t.prisma.emailOutbox.findMany({ where: { to: email } });

describe("the next drop on the home page", () => {
  it("is the earliest drop to come: its time, how many pieces and their categories, never the pieces", async () => {
    await t.prisma.product.deleteMany({ where: { goesLiveAt: { not: null } } });
    expect((await t.client().data(NEXT_DROP)).nextDrop).toBeNull();
    const soon = new Date(Math.ceil((Date.now() + 3 * DAY) / 1000) * 1000);
    const category = await scheduleDrop(soon, 3);
    await scheduleDrop(new Date(soon.getTime() + DAY), 5);
    const { nextDrop } = await t.client().data(NEXT_DROP);
    expect(nextDrop).toEqual({ at: soon.toISOString(), productCount: 3, categories: [category.name] });
  });
});

describe("asking to be told when it drops", () => {
  it("refuses a bad email or a missing consent with a message, and stores nothing", async () => {
    await scheduleDrop(new Date(Date.now() + 2 * DAY));
    const before = await t.prisma.dropReminder.count();
    const bad = await t.client().data(REMIND, { input: { email: "ada@", consent: true } });
    expect(bad.requestDropReminder).toEqual({ __typename: "ValidationError", message: "Invalid email address" });
    const noConsent = await t.client().data(REMIND, { input: { email: "ada@example.ng", consent: false } });
    expect(noConsent.requestDropReminder).toEqual({ __typename: "ValidationError", message: "Tick the box to agree to one email when the drop goes live" });
    expect(await t.prisma.dropReminder.count()).toBe(before);
  });

  it("stores one request per email per drop, the email normalised, with the time of consent", async () => {
    await t.prisma.rateLimit.deleteMany();
    const { nextDrop } = await t.client().data(NEXT_DROP);
    for (const email of ["  Tolu@Example.NG ", "tolu@example.ng"]) {
      const res = await t.client().data(REMIND, { input: { email, consent: true } });
      expect(res.requestDropReminder.data.dropAt).toBe(nextDrop.at);
    }
    const stored = await t.prisma.dropReminder.findMany({ where: { email: "tolu@example.ng" } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.dropAt.toISOString()).toBe(nextDrop.at);
    expect(stored[0]!.consentAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is rate-limited like sign-up (5 an hour per email)", async () => {
    await t.prisma.rateLimit.deleteMany();
    const ask = () => t.client().data(REMIND, { input: { email: "often@example.ng", consent: true } });
    for (let i = 0; i < 5; i++) expect((await ask()).requestDropReminder.__typename).toBe("MutationRequestDropReminderSuccess");
    const sixth = await ask();
    expect(sixth.requestDropReminder.__typename).toBe("RateLimitError");
    expect(sixth.requestDropReminder.message).toMatch(/Too many attempts/);
  });
});

describe("at drop time", () => {
  it("queues one email per reminder, with a one-click unsubscribe link and List-Unsubscribe headers", async () => {
    // Far ahead, so the servers' own jobs (real clock) never reach it: the test decides "now".
    const at = new Date(Math.ceil((Date.now() + 40 * DAY) / 1000) * 1000);
    await scheduleDrop(at, 2);
    const email = `one-${randomUUID().slice(0, 6)}@example.ng`;
    await t.prisma.dropReminder.create({ data: { email, dropAt: at, consentAt: new Date() } });
    await sendDueDropReminders(t.prisma, t.config, new Date(at.getTime() - 1000));
    expect(await outboxFor(email)).toHaveLength(0);
    await sendDueDropReminders(t.prisma, t.config, new Date(at.getTime() + 1000));
    await sendDueDropReminders(t.prisma, t.config, new Date(at.getTime() + 60_000));
    const [mail, ...more] = await outboxFor(email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`The drop is live at ${t.config.store.name}`);
    expect(mail!.body).toContain("2 pieces are on sale now");
    const link = /(http\S+\/drops\/unsubscribe\?token=\S+)/.exec(mail!.body)![1]!;
    expect(mail!.headers).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  if (testDbMode() === "postgres") {
    it("two server instances racing the job queue exactly one email per subscriber", async () => {
      const at = new Date(Math.ceil((Date.now() + 50 * DAY) / 1000) * 1000);
      await scheduleDrop(at, 1);
      // Reminders of earlier tests' drops are sent first, so the runs below count only these.
      await sendDueDropReminders(t.prisma, t.config, new Date(at.getTime() - 1000));
      const emails = Array.from({ length: 250 }, (_, i) => `race-${i}-${randomUUID().slice(0, 4)}@example.ng`);
      await t.prisma.dropReminder.createMany({ data: emails.map((email) => ({ email, dropAt: at, consentAt: new Date() })) });
      // A second instance: its own connection pool on the same database, as behind a load balancer.
      const peer = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null });
      try {
        const clock = () => new Date(at.getTime() + 500);
        const runs = await Promise.all([
          dropReminderJob(t.prisma, t.config, clock).run(),
          dropReminderJob(peer.prisma, t.config, clock).run(),
          dropReminderJob(t.prisma, t.config, clock).run(),
          dropReminderJob(peer.prisma, t.config, clock).run(),
        ]);
        expect((runs as number[]).reduce((a, b) => a + b, 0)).toBe(emails.length);
      } finally {
        await peer.close();
      }
      const sent = await t.prisma.emailOutbox.groupBy({ by: ["to"], where: { to: { in: emails } }, _count: { _all: true } });
      expect(sent).toHaveLength(emails.length);
      expect(sent.every((row) => row._count._all === 1)).toBe(true);
      expect(await t.prisma.dropReminder.count({ where: { email: { in: emails }, remindedAt: null } })).toBe(0);
    });
  }
});

describe("when an admin moves or empties a drop", () => {
  const MOVE = `mutation($id: ID!, $input: AdminProductInput!) { updateProduct(id: $id, input: $input) { __typename ... on Error { message } } }`;
  const moveTo = async (product: { id: string; name: string; price: unknown; stock: number }, at: Date) => {
    const admin = await t.admin();
    const res = await admin.data(MOVE, { id: product.id, input: { name: product.name, price: String(product.price), stock: product.stock, goesLiveAt: toLagosDateTimeInput(at) } });
    expect(res.updateProduct.__typename).toBe("MutationUpdateProductSuccess");
  };

  it("a drop moved to a later time takes its reminders along: no email at the old time, one at the new time counting its pieces", async () => {
    const at = new Date(Math.ceil((Date.now() + 70 * DAY) / 60_000) * 60_000);
    const later = new Date(at.getTime() + 2 * DAY);
    const category = await scheduleDrop(at, 2);
    const email = `moved-${randomUUID().slice(0, 6)}@example.ng`;
    // Already waiting for the later moment too: still one email.
    const both = `both-${randomUUID().slice(0, 6)}@example.ng`;
    await t.prisma.dropReminder.createMany({ data: [email, both].map((address) => ({ email: address, dropAt: at, consentAt: new Date() })) });
    await t.prisma.dropReminder.create({ data: { email: both, dropAt: later, consentAt: new Date() } });
    const pieces = await t.prisma.product.findMany({ where: { categoryId: category.id } });
    await moveTo(pieces[0]!, later);
    // One piece still at the old moment: the drop is still there, the reminders stay.
    expect(await t.prisma.dropReminder.count({ where: { email, dropAt: at } })).toBe(1);
    await moveTo(pieces[1]!, later);
    expect(await t.prisma.dropReminder.findMany({ where: { email: { in: [email, both] } }, select: { email: true, dropAt: true } })).toEqual(
      expect.arrayContaining([{ email, dropAt: later }, { email: both, dropAt: later }]),
    );
    expect(await t.prisma.dropReminder.count({ where: { email: { in: [email, both] } } })).toBe(2);

    await sendDueDropReminders(t.prisma, t.config, new Date(at.getTime() + 1000));
    expect(await outboxFor(email)).toHaveLength(0);
    await sendDueDropReminders(t.prisma, t.config, new Date(later.getTime() + 1000));
    for (const address of [email, both]) {
      const mails = await outboxFor(address);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain("2 pieces are on sale now");
    }
  });

  it("a reminder whose drop has no pieces left (deleted) sends no email saying nothing is on sale", async () => {
    const at = new Date(Math.ceil((Date.now() + 80 * DAY) / 60_000) * 60_000);
    const category = await scheduleDrop(at, 1);
    const email = `emptied-${randomUUID().slice(0, 6)}@example.ng`;
    await t.prisma.dropReminder.create({ data: { email, dropAt: at, consentAt: new Date() } });
    const [piece] = await t.prisma.product.findMany({ where: { categoryId: category.id } });
    const admin = await t.admin();
    expect((await admin.data(`mutation($id: ID!) { deleteProduct(id: $id) { __typename } }`, { id: piece!.id })).deleteProduct.__typename).toBe("MutationDeleteProductSuccess");
    await sendDueDropReminders(t.prisma, t.config, new Date(at.getTime() + 1000));
    expect(await outboxFor(email)).toHaveLength(0);
    expect((await t.prisma.dropReminder.findFirstOrThrow({ where: { email } })).remindedAt).not.toBeNull();
  });
});

describe("unsubscribing", () => {
  async function reminderWithLink() {
    const at = new Date(Math.ceil((Date.now() + 60 * DAY) / 1000) * 1000);
    await scheduleDrop(at, 1);
    const email = `leave-${randomUUID().slice(0, 6)}@example.ng`;
    const reminder = await t.prisma.dropReminder.create({ data: { email, dropAt: at, consentAt: new Date() } });
    // A link from a real reminder email: another reminder of a drop just before, sent now.
    await scheduleDrop(new Date(at.getTime() - 1000), 1);
    const other = await t.prisma.dropReminder.create({ data: { email: `x-${email}`, dropAt: new Date(at.getTime() - 1000), consentAt: new Date() } });
    await sendDueDropReminders(t.prisma, t.config, new Date(at.getTime() - 500));
    const [mail] = await outboxFor(`x-${email}`);
    const otherLink = /(http\S+\/drops\/unsubscribe\?token=\S+)/.exec(mail!.body)![1]!;
    const token = new URL(otherLink).searchParams.get("token")!;
    expect(token.startsWith(other.id)).toBe(true);
    return { reminder, email, otherLink };
  }

  it("GET shows a confirmation and removes nothing; POST removes; a second POST is harmless", async () => {
    const { otherLink, email } = await reminderWithLink();
    const path = otherLink.replace(/^http:\/\/[^/]+/, "");
    const shown = await fetch(`${t.url}${path}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(`x-${email}`);
    expect(html).toContain('<button type="submit">Unsubscribe</button>');
    expect(await t.prisma.dropReminder.count({ where: { email: `x-${email}` } })).toBe(1);

    // A mail app's one-click unsubscribe (RFC 8058).
    const oneClick = await fetch(`${t.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    expect(await t.prisma.dropReminder.count({ where: { email: `x-${email}` } })).toBe(0);
    const again = await fetch(`${t.url}${path}`, { method: "POST" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("You are unsubscribed");
    expect((await fetch(`${t.url}${path}`)).status).toBe(200);
  });

  it("a link whose signature does not match removes nothing; an unsubscribed reminder is never sent", async () => {
    const { reminder, otherLink } = await reminderWithLink();
    const token = new URL(otherLink).searchParams.get("token")!;
    // Someone else's reminder id with this signature: refused.
    const forged = `${reminder.id}.${token.split(".")[1]}`;
    const refused = await fetch(`${t.url}/drops/unsubscribe?token=${encodeURIComponent(forged)}`, { method: "POST" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Link not recognised");
    expect(await t.prisma.dropReminder.count({ where: { id: reminder.id } })).toBe(1);
    expect((await fetch(`${t.url}/drops/unsubscribe?token=nonsense`, { method: "POST" })).status).toBe(400);
    expect((await fetch(`${t.url}/drops/unsubscribe`)).status).toBe(400);

    const own = unsubscribeToken(await signingKey(t.prisma), reminder.id);
    expect((await fetch(`${t.url}/drops/unsubscribe?token=${encodeURIComponent(own)}`, { method: "POST" })).status).toBe(200);
    expect(await t.prisma.dropReminder.count({ where: { id: reminder.id } })).toBe(0);
    await sendDueDropReminders(t.prisma, t.config, new Date(reminder.dropAt.getTime() + 1000));
    expect(await outboxFor(reminder.email)).toHaveLength(0);
  });
});
