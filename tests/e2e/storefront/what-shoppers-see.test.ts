// What a shopper sees in Chromium after issue 26's fixes (one store and one browser for the file).
import type { Browser } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import { makeProduct } from "../../helpers/fixtures.ts";
import { makeOrder } from "../../api/admin-fixtures.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("a cart holding a sold-out piece says so and cannot proceed to checkout until it is removed", async () => {
  const sold = await makeProduct(t.prisma, { name: "Sold Out Denim Skirt", stock: 0, category: "ladies-skirts" });
  const kept = await makeProduct(t.prisma, { name: "Available Linen Skirt", stock: 1, category: "ladies-skirts" });
  const { page, context } = await newShopper(browser, t.url);
  await page.goto("/");
  await page.evaluate(
    (lines) => localStorage.setItem("guestCart", JSON.stringify(lines)),
    [sold, kept].map((p) => ({ product_id: p.id, quantity: 1 })),
  );
  await page.goto("/cart");
  await pageReady(page);
  await page.getByText("“Sold Out Denim Skirt” is sold out: remove or change it to check out.").waitFor();
  const proceed = page.getByRole("button", { name: "Proceed to Checkout" });
  expect(await proceed.isDisabled()).toBe(true);
  // Suggestions offer only pieces that can be bought.
  await page.getByRole("heading", { name: "Shop Related Products" }).waitFor();
  expect(await page.locator(".cart-related").getByText(/out of stock/i).count()).toBe(0);
  await page.getByRole("button", { name: "Remove Sold Out Denim Skirt" }).click();
  await page.waitForFunction(() => !document.querySelector(".order-summary__cta")?.hasAttribute("disabled"));
  expect(await page.getByText(/is sold out/).count()).toBe(0);
  await context.close();
});

it("the tracker's Order not found offers the lookup by reference and phone, and the references by email", async () => {
  const product = await makeProduct(t.prisma, { name: "Tracker Lookup Blouse", stock: 2 });
  const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "lost.reference@example.ng" });
  const { page, context } = await newShopper(browser, t.url);
  await page.goto("/track-order/NOTMYORDER");
  await page.getByRole("heading", { name: "Order not found" }).waitFor();
  await pageReady(page);
  const reference = page.getByRole("textbox", { name: "Order reference" });
  expect(await reference.inputValue()).toBe("NOTMYORDER");
  await reference.fill(order.shortOrderId);
  await page.locator(".guest-lookup").first().getByLabel("Phone number").fill("0803 123 4567");
  await page.getByRole("button", { name: "Open order details" }).click();
  await page.getByRole("heading", { name: `Order ${order.shortOrderId}` }).waitFor();
  expect(await page.locator(".guest-order").innerText()).toContain("Tracker Lookup Blouse");

  await page.locator(".guest-lookup").last().getByLabel("Phone number").fill("0803 123 4567");
  await page.getByRole("button", { name: "Email my order references" }).click();
  await page.getByText("If orders were placed with +234 803 123 4567, we have emailed their references").waitFor();
  const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: "lost.reference@example.ng" } });
  expect(email.body).toContain(`/track-order/${order.shortOrderId}`);
  await context.close();
});

it("without JavaScript, the cart and the tracker come in the store's shell; with it, the page replaces the shell", async () => {
  const product = await makeProduct(t.prisma, { name: "No Script Tracker Tee", stock: 2 });
  const order = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
  const noJs = await newShopper(browser, t.url, { javaScriptEnabled: false });
  await noJs.page.goto(`/track-order/${order.shortOrderId}`);
  await noJs.page.getByRole("heading", { name: `Order ${order.shortOrderId}`, level: 1 }).waitFor();
  await noJs.page.getByRole("heading", { name: "Status history" }).waitFor();
  expect(await noJs.page.locator(".status-history li").first().innerText()).toContain("Order placed");
  await noJs.page.goto("/cart");
  await noJs.page.getByRole("heading", { name: "Shopping Cart", level: 1 }).waitFor();
  expect(await noJs.page.locator("main").innerText()).toContain("This page needs JavaScript, which is turned off in this browser.");
  expect(await noJs.page.locator("footer.site-footer a[href^='tel:']").count()).toBeGreaterThan(0);
  // Styled: the header is laid out by the stylesheet, not a bare list.
  expect(await noJs.page.locator(".nav-bar").first().evaluate((el) => getComputedStyle(el).display)).toBe("flex");
  await noJs.context.close();

  const { page, context } = await newShopper(browser, t.url);
  await page.goto("/cart");
  await page.getByText("Your cart is empty.").waitFor();
  expect(await page.getByRole("heading", { name: "Shopping Cart", level: 1 }).count()).toBe(1);
  expect(await page.getByText("needs JavaScript").count()).toBe(0);
  expect((page as typeof page & { errors: string[] }).errors).toEqual([]);
  await context.close();
});
