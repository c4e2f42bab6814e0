// A link shared before a product was renamed (WhatsApp, Instagram) still opens the product, at its
// new address: the server answers the old address with a permanent redirect, and the app replaces
// an old address it reaches by itself.
import type { Browser } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("the old address of a renamed product opens it at its new address", async () => {
  const admin = await t.admin();
  const created = await admin.data(
    `mutation($input: AdminProductInput!) { createProduct(input: $input) { ... on MutationCreateProductSuccess { data { id slug } } } }`,
    { input: { name: "Gèlè Head Tie", price: "6,000", stock: 2 } },
  );
  const { id, slug } = created.createProduct.data;
  expect(slug).toBe("gele-head-tie");
  await admin.data(`mutation($id: ID!, $input: AdminProductInput!) { updateProduct(id: $id, input: $input) { __typename } }`, {
    id,
    input: { name: "Gèlè Head Tie (Gold)", slug: "gele-head-tie-gold", price: "6,000", stock: 2 },
  });

  const { page, context } = await newShopper(browser, t.url);
  // As opened from a WhatsApp message.
  await page.goto("/products/gele-head-tie?ref=whatsapp");
  await page.getByRole("heading", { name: "Gèlè Head Tie (Gold)", level: 1 }).waitFor();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/products/gele-head-tie-gold?ref=whatsapp");

  // Inside the app (an old link kept in a page): the app asks for the old slug and shows the new address.
  await page.goto("/products");
  // The app is running (its router listens for history changes) once the page is ready.
  await page.getByRole("heading", { name: "All Products", level: 1 }).waitFor();
  await pageReady(page);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/products/gele-head-tie");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await page.waitForURL((url) => url.pathname === "/products/gele-head-tie-gold");
  await page.getByRole("heading", { name: "Gèlè Head Tie (Gold)", level: 1 }).waitFor();
  expect(await page.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute("href"))).toMatch(/\/products\/gele-head-tie-gold$/);
  await context.close();
});
