// A guest pressing Add to Cart on a product page is asked to log in; after logging in they are back
// on that product, not on /account (issue 11, item 11), with the piece added as they asked (issue 26,
// item 22): that product and quantity, once, and only for the sign-in Add to Cart sent them to.
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("after the login forced by Add to Cart, the shopper returns to the product with it added, once", async () => {
  const product = await makeProduct(t.prisma, { name: "Return Trip Kaftan", stock: 3, price: "5000" });
  await t.client().signUp("return-trip@example.ng", "secret-pass-1");
  const { page, context } = await newShopper(browser, t.url);
  await page.goto(`/products/${product.slug}`);
  await page.getByRole("heading", { name: "Return Trip Kaftan", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.waitForURL((url) => url.pathname === "/auth");
  await page.getByLabel("Email").fill("return-trip@example.ng");
  await page.getByLabel("Password", { exact: true }).fill("secret-pass-1");
  await page.locator("form").getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === `/products/${product.slug}`);
  await page.getByRole("heading", { name: "Return Trip Kaftan", level: 1 }).waitFor();
  await page.locator(".toast", { hasText: "Added to cart!" }).waitFor();
  const cart = () => t.prisma.cartItem.findMany({ where: { user: { email: "return-trip@example.ng" } } });
  expect((await cart()).map((l) => [l.productId, l.quantity])).toEqual([[product.id, 2]]);
  // Signing in again later adds nothing more.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.goto("/auth");
  await page.getByLabel("Email").fill("return-trip@example.ng");
  await page.getByLabel("Password", { exact: true }).fill("secret-pass-1");
  await page.locator("form").getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/account");
  expect((await cart()).map((l) => [l.productId, l.quantity])).toEqual([[product.id, 2]]);
  await context.close();
});

it("the kept piece is still added when the shopper reloads the sign-in page first (a fresh load of /auth alone)", async () => {
  const product = await makeProduct(t.prisma, { name: "Reload Kaftan", stock: 3, price: "5000" });
  await t.client().signUp("reload-return@example.ng", "secret-pass-1");
  const { page, context } = await newShopper(browser, t.url);
  await page.goto(`/products/${product.slug}`);
  await page.getByRole("heading", { name: "Reload Kaftan", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.waitForURL((url) => url.pathname === "/auth");
  // The product page's code is gone after this; what adds the piece must load with every page.
  await page.reload();
  await page.getByLabel("Email").fill("reload-return@example.ng");
  await page.getByLabel("Password", { exact: true }).fill("secret-pass-1");
  await page.locator("form").getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === `/products/${product.slug}`);
  await page.locator(".toast", { hasText: "Added to cart!" }).waitFor();
  expect((await t.prisma.cartItem.findMany({ where: { user: { email: "reload-return@example.ng" } } })).map((l) => [l.productId, l.quantity])).toEqual([[product.id, 1]]);
  await context.close();
});

it("a guest who leaves that sign-in and signs in some other way gets nothing added", async () => {
  const product = await makeProduct(t.prisma, { name: "Detour Kaftan", stock: 3, price: "5000" });
  await t.client().signUp("detour@example.ng", "secret-pass-1");
  const { page, context } = await newShopper(browser, t.url);
  await page.goto(`/products/${product.slug}`);
  await page.getByRole("heading", { name: "Detour Kaftan", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.waitForURL((url) => url.pathname === "/auth");
  // In-app navigation (the pending add's module stays loaded): away, then the header's Login.
  await page.getByRole("link", { name: "Login" }).first().click();
  await page.getByLabel("Email").fill("detour@example.ng");
  await page.getByLabel("Password", { exact: true }).fill("secret-pass-1");
  await page.locator("form").getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/account");
  expect(await t.prisma.cartItem.count({ where: { user: { email: "detour@example.ng" } } })).toBe(0);
  await context.close();
});

it("a login not forced by anything still lands on /account", async () => {
  await t.client().signUp("plain-login@example.ng", "secret-pass-1");
  const { page, context } = await newShopper(browser, t.url);
  await page.goto("/auth");
  await page.getByLabel("Email").fill("plain-login@example.ng");
  await page.getByLabel("Password", { exact: true }).fill("secret-pass-1");
  await page.locator("form").getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/account");
  await context.close();
});
