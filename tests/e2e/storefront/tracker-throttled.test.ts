// A shopper whose address made too many tracker guesses is told to wait, not "Order not found";
// the tracker shows a stranger no sequential order number.
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { createTestOrder } from "../../helpers/orders.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("an unknown reference says not found; after too many guesses from this address it says to wait", async () => {
  const order = await createTestOrder(t.prisma);
  const { page, context } = await newShopper(browser, t.url);
  await page.goto(`/track-order/${order.shortOrderId}`);
  await page.getByText(order.shortOrderId).first().waitFor();
  expect(await page.locator("body").innerText()).not.toContain(`#${order.orderNumber}`);
  await page.goto("/track-order/ZZZZ0000");
  await page.getByRole("heading", { name: "Order not found" }).waitFor();
  // Every browser test comes from 127.0.0.1: this address has used up its guesses.
  await t.prisma.rateLimit.upsert({
    where: { key: "reference-miss:ip:127.0.0.1" },
    create: { key: "reference-miss:ip:127.0.0.1", count: 30, resetAt: new Date(Date.now() + 600_000) },
    update: { count: 30, resetAt: new Date(Date.now() + 600_000) },
  });
  await page.goto("/track-order/ZZZZ0001");
  await page.getByRole("alert").filter({ hasText: /Too many attempts\. Please wait \d+ minute\(s\) and try again\./ }).waitFor();
  await context.close();
});
