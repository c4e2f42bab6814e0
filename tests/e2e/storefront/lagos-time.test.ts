// Every time the shop shows is Lagos time, whatever the device's clock says (issue 11, item 13):
// a phone set to New York shows an order placed at 23:30 UTC as 12:30 AM on the next day.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { makeOrder } from "../../api/admin-fixtures.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

const PLACED = new Date("2026-11-23T23:30:00Z"); // Lagos: Tue 24 Nov, 12:30 AM. New York: Mon 23 Nov, 6:30 PM.

async function signedInInNewYork(cookie: string): Promise<Page> {
  const { page, context } = await newShopper(browser, t.url, { timezoneId: "America/New_York" });
  const [name, ...value] = cookie.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  return page;
}

it("the account list, the order panel and the tracker show the order's Lagos date and time on a New York phone", async () => {
  const shopper = t.client();
  await shopper.signUp("lagos-time@example.ng");
  const user = await t.prisma.user.findFirstOrThrow({ where: { email: "lagos-time@example.ng" } });
  const product = await makeProduct(t.prisma, { name: "Clock Tee", price: "5000", stock: 5 });
  const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { createdAt: PLACED, email: user.email });
  await t.prisma.order.update({ where: { id: order.id }, data: { userId: user.id } });

  const page = await signedInInNewYork(shopper.cookie!);
  expect(await page.evaluate(() => new Date("2026-11-23T23:30:00Z").getHours())).toBe(18); // the device really is in New York
  await page.goto("/account");
  const row = page.getByTestId("order-row").first();
  await row.waitFor();
  expect(await row.innerText()).toContain("24 Nov 2026");
  await row.getByRole("button", { name: "View" }).click();
  const panel = page.getByRole("dialog");
  await panel.waitFor();
  const panelText = await panel.innerText();
  expect(panelText).toContain("24 Nov 2026, 12:30 AM (Lagos time)");
  expect(panelText).not.toContain("6:30");

  await page.goto(`/track-order/${order.shortOrderId}`);
  const placed = page.getByText(/^Placed /);
  // A slow host took longer than the default 15 s to show the tracker (clean-clone CI, 27 Nov 2026).
  await placed.waitFor({ timeout: 60_000 });
  expect(await placed.innerText()).toContain("24 Nov 2026, 12:30 AM (Lagos time)");
  await page.context().close();
});
