// The email outbox in the admin: each email's text opens from its row, and without SMTP the admin
// is told that nothing is sent (emails read "not sent: no SMTP configured", not "queued" forever).
// The Messages tab shares its table (ui/OutboxPanel.tsx): a failed message shows its error and
// goes back to the queue with Retry.
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { signInAdmin } from "../payments/helpers.ts";
import { makeOrder } from "../../api/admin-fixtures.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

describe("the email outbox without SMTP", () => {
  it("says email delivery is off, marks emails not sent, and shows an email's text when its row is opened", async () => {
    const order = await makeOrder(t.prisma, [{ product: await makeProduct(t.prisma, { price: "5000", stock: 5 }), quantity: 1 }], { email: "outbox-body@example.com" });
    const admin = await t.admin();
    await admin.data(`mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename } }`, {
      input: { orderId: order.id, status: "processing", confirmUnpaid: true },
    });

    const { page, context } = await newShopper(browser, t.url, { mobile: false });
    await signInAdmin(t, context);
    await page.goto("/admin");
    await page.getByRole("tab", { name: /^Emails/ }).click();
    await page.getByText("Email delivery is off: no SMTP server is configured (set SMTP_URL). Emails are kept here but not sent to shoppers.").waitFor();
    const row = page.getByRole("row", { name: /outbox-body@example.com/ });
    await row.waitFor();
    expect(await row.locator(".admin-pill").innerText()).toBe("not sent: no SMTP configured");
    expect(await page.getByText("queued", { exact: true }).count()).toBe(0);

    const toggle = row.getByRole("button", { name: `Order ${order.shortOrderId}: Processing` });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    const body = page.getByLabel(`Email to outbox-body@example.com: Order ${order.shortOrderId}: Processing`);
    await body.waitFor();
    const text = await body.innerText();
    expect(text).toContain(`Your order ${order.shortOrderId} is now: Processing.`);
    expect(text).toContain(`/track-order/${order.shortOrderId}`);
    await toggle.click();
    await body.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("the message outbox without WhatsApp or Termii", () => {
  it("says messages are off, shows a failed SMS with its error, and Retry queues it again", async () => {
    const message = await t.prisma.messageOutbox.create({
      data: { channel: "sms", template: "order_received", to: "2348031234567", params: [], text: "Your order is received", status: "failed", attempts: 3, lastError: "Termii said no" },
    });
    const { page, context } = await newShopper(browser, t.url, { mobile: false });
    await signInAdmin(t, context);
    await page.goto("/admin");
    await page.getByRole("tab", { name: /^Messages/ }).click();
    await page.getByText("WhatsApp and SMS are off: set WHATSAPP_TOKEN (WhatsApp Cloud API) or TERMII_API_KEY (SMS) to send order updates there.").waitFor();
    const row = page.locator(`[data-message="${message.id}"]`);
    await row.waitFor();
    expect(await row.locator("td").nth(1).innerText()).toBe("SMS: order_received\nYour order is received");
    expect(await row.locator(".admin-pill").innerText()).toBe("failed");
    expect(await row.getByText("3 attempt(s): Termii said no").count()).toBe(1);
    await row.getByRole("button", { name: "Retry" }).click();
    await page.locator(".toast", { hasText: "Message queued again" }).waitFor();
    expect((await t.prisma.messageOutbox.findUniqueOrThrow({ where: { id: message.id } })).status).toBe("queued");
    await context.close();
  });
});
