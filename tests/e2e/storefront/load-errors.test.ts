// A network failure must not look like an empty shop (issue 11, item 9): pages that load data say
// they could not reach the shop and offer Retry; the layout says when the phone is offline.
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopper } from "../../helpers/browser.ts";
import { startTestStore, type TestStore } from "../../helpers/store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => {
  [t, browser] = await Promise.all([startTestStore(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

// Catalogue queries go by GET (/graphql?id=…), the rest by POST: both must be cut.
const GRAPHQL = /\/graphql(\?|$)/;
const blockApi = (page: Page) => page.route(GRAPHQL, (route) => route.abort("internetdisconnected"));
const loadError = (page: Page) => page.getByRole("alert").filter({ hasText: "Could not reach the shop" });

describe("pages that load data, with /graphql unreachable", () => {
  it("/products shows the error with Retry, not 'No products found'; after the network is back Retry shows the products", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await blockApi(page);
    await page.goto("/products");
    await loadError(page).waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    expect(await page.getByText("No products found").count()).toBe(0);
    expect(await page.locator(".product-card").count()).toBe(0);

    await page.unroute(GRAPHQL);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.locator(".product-card").first().waitFor();
    expect(await loadError(page).count()).toBe(0);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it("home, a product page, the tracker and the account page show the error with Retry instead of empty sections", async () => {
    const product = await t.prisma.product.findFirstOrThrow({ where: { stock: { gt: 0 } } });
    const { page, context } = await newShopper(browser, t.url);
    await blockApi(page);
    for (const path of ["/", `/products/${product.slug}`, "/track-order/ABCD1234"]) {
      await page.goto(path);
      await loadError(page).waitFor();
      expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(1);
      expect(await page.getByText(/No products found|Product not found|not found/i).count()).toBe(0);
    }
    // Home: Retry brings the catalogue sections back.
    await page.goto("/");
    await loadError(page).waitFor();
    await page.unroute(GRAPHQL);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.locator(".product-card").first().waitFor();
    expect(await loadError(page).count()).toBe(0);
    await context.close();
  });
});

describe("offline notice", () => {
  it("appears when the browser goes offline and leaves when it is back online", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/products");
    await page.locator(".product-card").first().waitFor();
    const notice = page.getByRole("status").filter({ hasText: "You are offline" });
    expect(await notice.count()).toBe(0);
    await context.setOffline(true);
    await notice.waitFor();
    await context.setOffline(false);
    await notice.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("admin tabs", () => {
  it("a tab whose list cannot be loaded says so with Retry, and Retry loads it", async () => {
    const { page, context } = await newShopper(browser, t.url, { mobile: false });
    const admin = await t.admin();
    const [name, ...value] = admin.cookie!.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
    const usersList = "**/graphql";
    await page.route(usersList, (route) => (route.request().postData()?.includes("AdminUsersList") ? route.abort("internetdisconnected") : route.fallback()));
    await page.goto("/admin?tab=users");
    const error = page.getByRole("alert").filter({ hasText: "Could not load users" });
    await error.waitFor();
    await page.unroute(usersList);
    await error.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("cell", { name: "admin@test.local" }).waitFor();
    expect(await error.count()).toBe(0);
    await context.close();
  });
});
