// A session that stops working mid-visit signs the shopper out; shopping continues with the guest cart.
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("a session error at checkout signs the shopper out and continues with the guest cart", async () => {
  const product = await t.prisma.product.findFirstOrThrow({ where: { stock: { gt: 1 } }, orderBy: { createdAt: "desc" } });
  const { page, context } = await newShopper(browser, t.url);
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Email").fill("session-lost@example.ng");
  await page.getByLabel("Password", { exact: true }).fill("secret-pass");
  await page.getByLabel("Confirm password", { exact: true }).fill("secret-pass");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.waitForURL(/\/account$/);
  // The session ends on the server (expired, or signed out elsewhere) while the page stays open.
  await t.prisma.session.deleteMany();
  await page.evaluate(
    ([id]) => localStorage.setItem("guestCart", JSON.stringify([{ product_id: id, quantity: 1 }])),
    [product.id],
  );
  await page.getByRole("link", { name: /^Cart/ }).click();
  await page.locator(".toast", { hasText: "Your session has ended. You can continue as a guest." }).waitFor();
  await page.getByRole("link", { name: "Login" }).waitFor();
  await page.getByTestId("cart-line").filter({ hasText: product.name }).waitFor();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout$/);
  expect(await page.locator(".checkout-items").innerText()).toContain(product.name);
  await context.close();
});
