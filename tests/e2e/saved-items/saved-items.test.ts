// Saved items in a real browser: a guest saves an item with the heart on its card, finds it on
// /saved, signs in and keeps it (the guest list merged into the account's); when the piece sells,
// /saved says so ("On hold" while the order is unpaid, then "Sold"), and it can be removed.
import type { Browser } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { details, placeOrder } from "../../helpers/shopper.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

const MARK_PAID = `mutation($orderId: ID!) { markOrderPaid(orderId: $orderId) { __typename } }`;

it("a guest saves from a card, signs in and keeps it; once it sells, /saved shows it sold", async () => {
  const product = await makeProduct(t.prisma, { name: "Heart Ankara Gown", stock: 1, price: "18500.00" });
  await t.client().signUp("saver@example.ng", "secret-pass-1");
  const { page, context } = await newShopper(browser, t.url);

  await page.goto(`/products?q=${encodeURIComponent("Heart Ankara")}`);
  const card = page.locator(".product-card", { hasText: "Heart Ankara Gown" });
  const heart = card.getByRole("button", { name: "Save Heart Ankara Gown" });
  await heart.waitFor();
  expect(await heart.getAttribute("aria-pressed")).toBe("false");
  // Measured once hydrated: a click Playwright has to retry (the button still disabled) may scroll
  // the page to try another spot, which would move the box without the heart moving anything.
  await pageReady(page);
  const cardBox = await card.boundingBox();
  await heart.click();
  const pressed = card.getByRole("button", { name: "Remove Heart Ankara Gown from saved" });
  await pressed.waitFor();
  expect(await pressed.getAttribute("aria-pressed")).toBe("true");
  expect(await card.boundingBox()).toEqual(cardBox); // the heart moves nothing
  await page.getByRole("link", { name: "Saved items, 1" }).waitFor();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("savedItems")))!)).toEqual([product.id]);

  // Still pressed after a reload (browser storage), and listed on /saved.
  await page.reload();
  await card.getByRole("button", { name: "Remove Heart Ankara Gown from saved" }).waitFor();
  await page.getByRole("link", { name: "Saved items, 1" }).click();
  await page.waitForURL((url) => url.pathname === "/saved");
  await page.getByRole("heading", { name: "Saved items", level: 1 }).waitFor();
  await page.getByTestId("saved-item").filter({ hasText: "Heart Ankara Gown" }).waitFor();
  expect(await t.prisma.savedItem.count()).toBe(0);

  // Sign in: the guest list joins the account's and leaves the browser.
  await page.goto("/auth");
  await page.getByLabel("Email").fill("saver@example.ng");
  await page.getByLabel("Password", { exact: true }).fill("secret-pass-1");
  await page.locator("form").getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/account");
  const user = await t.prisma.user.findUniqueOrThrow({ where: { email: "saver@example.ng" } });
  expect(await t.prisma.savedItem.findMany({ where: { userId: user.id }, select: { productId: true } })).toEqual([{ productId: product.id }]);
  expect(await page.evaluate(() => localStorage.getItem("savedItems"))).toBeNull();
  // On a phone, signed in, the header keeps the heart with its count (issue 26, item 11); the
  // account page links to the list too.
  expect(await page.getByRole("link", { name: "Saved items, 1" }).isVisible()).toBe(true);
  await page.getByRole("link", { name: "Saved items", exact: true }).click();
  const item = page.getByTestId("saved-item").filter({ hasText: "Heart Ankara Gown" });
  await item.waitFor();
  expect(await item.getByText("Sold").count()).toBe(0);

  // The product page shows the heart pressed for the signed-in shopper too.
  await page.goto(`/products/${product.slug}`);
  await page.locator(".product-detail").getByRole("button", { name: "Remove Heart Ankara Gown from saved" }).waitFor();

  // Another shopper orders its last unit: on hold while unpaid, sold once paid.
  const placed = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] });
  expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
  await page.goto("/saved");
  await item.getByText("On hold").waitFor();
  expect((await (await t.admin()).data(MARK_PAID, { orderId: placed.data.order.id })).markOrderPaid.__typename).toBe("MutationMarkOrderPaidSuccess");
  await page.reload();
  await item.getByText("Sold", { exact: true }).waitFor();
  expect(await item.getByText("On hold").count()).toBe(0);

  // Removed from saved: gone from the page and the account, and the empty list points to the shop.
  await item.getByRole("button", { name: "Remove Heart Ankara Gown from saved" }).click();
  await page.getByRole("link", { name: "Start Shopping" }).waitFor();
  expect(await t.prisma.savedItem.count({ where: { userId: user.id } })).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "Saved items, 0" }).waitFor();
  expect((page as unknown as { errors: string[] }).errors).toEqual([]);
  await context.close();
});

it("an empty list says so and links to the shop", async () => {
  const { page, context } = await newShopper(browser, t.url);
  await page.goto("/saved");
  await page.getByText("You have not saved anything yet.").waitFor();
  await page.getByRole("link", { name: "Start Shopping" }).click();
  await page.waitForURL((url) => url.pathname === "/products");
  await context.close();
});
