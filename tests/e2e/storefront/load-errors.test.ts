// A network failure must not look like an empty shop (issue 11, item 9): pages that load data say
// they could not reach the shop and offer Retry; the layout says when the phone is offline.
import type { Browser, Page } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

// Catalogue queries go by GET (/graphql?id=…), the rest by POST: both must be cut.
const GRAPHQL = /\/graphql(\?|$)/;
const blockApi = (page: Page) => page.route(GRAPHQL, (route) => route.abort("internetdisconnected"));
const loadError = (page: Page) => page.getByRole("alert").filter({ hasText: "Could not reach the shop" });

describe("pages that load data, with /graphql unreachable", () => {
  it("a server-rendered page still shows its products; a new listing that cannot load shows the error with Retry, and Retry shows it once the network is back", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await blockApi(page);
    // The listing's first page comes with the HTML (decision 019): no API needed to show it.
    await page.goto("/products");
    await page.locator(".product-card").first().waitFor();
    expect(await loadError(page).count()).toBe(0);
    await pageReady(page); // hydrated: the next link changes the listing in the page, with the API
    // Another category needs the API: the error, never "No products found".
    await page.getByRole("group", { name: "Category", exact: true }).getByRole("link", { name: "Bales", exact: true }).click();
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

  it("the tracker, and home or a product page reached in the app, show the error with Retry instead of empty sections", async () => {
    const product = await t.prisma.product.findFirstOrThrow({ where: { stock: { gt: 0 } } });
    const { page, context } = await newShopper(browser, t.url);
    await blockApi(page);
    // The tracker renders in the browser: its data needs the API.
    await page.goto("/track-order/ABCD1234");
    await loadError(page).waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(1);
    expect(await page.getByText(/not found/i).count()).toBe(0);
    // Home and a product page opened inside the app (not server-rendered) need it too.
    await page.locator(".logo").click();
    const hero = page.getByRole("heading", { level: 1, name: "Look great, feel great, pay less" });
    await hero.waitFor();
    await loadError(page).waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(1);
    expect(await page.getByText(/No products found/i).count()).toBe(0);
    // A link into the app, as a shared link inside the page would be.
    await page.evaluate((slug) => {
      history.pushState(null, "", `/products/${slug}`);
      dispatchEvent(new PopStateEvent("popstate"));
    }, product.slug);
    await hero.waitFor({ state: "detached" }); // the home page's own error is gone with it
    await loadError(page).waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(1);
    expect(await page.getByText(/Product not found|not found/i).count()).toBe(0);
    // Retry brings the product back once the network is.
    await page.unroute(GRAPHQL);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
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
