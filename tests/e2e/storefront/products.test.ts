// Product list (SPEC §2 Products): category buttons, query parameters, size filter, price sort,
// search, Load more, loading and empty texts, per-category meta.
import type { Browser, Page } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

const names = (page: Page) => page.locator(".product-card__name").allInnerTexts();
const prices = async (page: Page) => (await page.locator(".product-card .price__now").allInnerTexts()).map((p) => Number(p.replace(/[₦,]/g, "")));
/** Polls the listing until it settles on what `ready` expects (or 10 s pass), so a check never reads the previous page. */
async function settle(page: Page, ready: (shown: string[], shownPrices: number[]) => boolean) {
  for (let i = 0; i < 100; i++) {
    if (!(await page.getByText("Loading products...").count()) && ready(await names(page), await prices(page))) return;
    await page.waitForTimeout(100);
  }
}
const sameSet = (expected: string[]) => (shown: string[]) => JSON.stringify([...shown].sort()) === JSON.stringify(expected);
const ascending = (list: number[]) => list.length > 1 && list.every((v, i) => i === 0 || list[i - 1]! <= v);
const descending = (list: number[]) => list.length > 1 && list.every((v, i) => i === 0 || list[i - 1]! >= v);

const categoryLinks = (page: Page) => page.getByRole("group", { name: "Category", exact: true });

async function open(path: string) {
  const shopper = await newShopper(browser, t.url);
  await shopper.page.goto(path);
  await pageReady(shopper.page);
  await shopper.page.locator(".product-card, .page-status").first().waitFor();
  await shopper.page.getByText("Loading products...").waitFor({ state: "detached" });
  return shopper;
}

async function namesIn(where: Parameters<TestStore["prisma"]["product"]["findMany"]>[0]) {
  return (await t.prisma.product.findMany({ ...where, select: { name: true } })).map((p) => p.name).sort();
}

describe("product list", () => {
  it("shows the main-category buttons; a main category reveals its subcategories", async () => {
    const { page, context } = await open("/products");
    const buttons = await categoryLinks(page).getByRole("link").allInnerTexts();
    expect(buttons).toEqual(["All", "Ladies", "Men", "Kids", "Bales", "Unisex"]);
    expect(await page.getByRole("group", { name: "Ladies subcategory" }).count()).toBe(0);
    await categoryLinks(page).getByRole("link", { name: "Ladies" }).click();
    await page.waitForURL(/\?category=ladies$/);
    const subs = page.getByRole("group", { name: "Ladies subcategory" });
    await subs.waitFor();
    expect(await subs.getByRole("link").allInnerTexts()).toEqual(["All Ladies", "Tops", "Skirts", "Pants", "Gowns"]);
    const expectedNames = await namesIn({ where: { category: { main: "Ladies" } } });
    await settle(page, sameSet(expectedNames));
    expect((await names(page)).sort()).toEqual(expectedNames);
    await context.close();
  });

  it("the category query parameter selects the filters, and a new main category resets the subcategory", async () => {
    const { page, context } = await open("/products?category=men-pants");
    expect(await categoryLinks(page).getByRole("link", { name: "Men" }).getAttribute("aria-current")).toBe("true");
    const subs = page.getByRole("group", { name: "Men subcategory" });
    expect(await subs.getByRole("link", { name: "Pants" }).getAttribute("aria-current")).toBe("true");
    expect((await names(page)).sort()).toEqual(await namesIn({ where: { category: { slug: "men-pants" } } }));

    await categoryLinks(page).getByRole("link", { name: "Kids" }).click();
    await page.waitForURL(/\?category=kids$/);
    const kids = page.getByRole("group", { name: "Kids subcategory" });
    expect(await kids.getByRole("link", { name: "All Kids" }).getAttribute("aria-current")).toBe("true");
    expect(await kids.getByRole("link", { name: "Boy" }).getAttribute("aria-current")).toBeNull();
    const expectedNames = await namesIn({ where: { category: { main: "Kids" } } });
    await settle(page, sameSet(expectedNames));
    expect((await names(page)).sort()).toEqual(expectedNames);

    // The URL follows the buttons, so Back returns to the previous listing.
    await page.goBack();
    await page.waitForURL(/\?category=men-pants$/);
    const menPants = await namesIn({ where: { category: { slug: "men-pants" } } });
    await settle(page, sameSet(menPants));
    expect((await names(page)).sort()).toEqual(menPants);
    await context.close();
  });

  it("a subcategory button filters to that subcategory", async () => {
    const { page, context } = await open("/products?category=ladies");
    await page.getByRole("group", { name: "Ladies subcategory" }).getByRole("link", { name: "Gowns" }).click();
    await page.waitForURL(/\?category=ladies-gowns$/);
    const expectedNames = await namesIn({ where: { category: { slug: "ladies-gowns" } } });
    await settle(page, sameSet(expectedNames));
    expect((await names(page)).sort()).toEqual(expectedNames);
    await context.close();
  });

  it("the size select lists All Sizes and the sizes present, and filters by size", async () => {
    const { page, context } = await open("/products?category=men");
    const select = page.getByLabel("Size");
    const options = await select.locator("option").allInnerTexts();
    const present = await t.prisma.product.findMany({ where: { category: { main: "Men" }, size: { not: null } }, distinct: ["size"], select: { size: true } });
    expect(options[0]).toBe("All Sizes");
    expect(options.slice(1).sort()).toEqual(present.map((p) => p.size!).sort());
    await select.selectOption("L");
    await page.waitForURL(/size=L/);
    const expectedNames = await namesIn({ where: { category: { main: "Men" }, size: "L" } });
    await settle(page, sameSet(expectedNames));
    expect((await names(page)).sort()).toEqual(expectedNames);
    expect(await page.locator(".product-card__size").allInnerTexts()).toEqual(expect.arrayContaining(["Size: L"]));
    await context.close();
  });

  it("sorts by price both ways and back to Default (newest first)", async () => {
    const { page, context } = await open("/products?category=ladies");
    const sort = page.getByLabel("Sort by price");
    expect(await sort.locator("option").allInnerTexts()).toEqual(["Default", "Price: Low to High", "Price: High to Low"]);
    await sort.selectOption({ label: "Price: Low to High" });
    await page.waitForURL(/sort=price-asc/);
    await settle(page, (_shown, shownPrices) => ascending(shownPrices));
    const up = await prices(page);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await sort.selectOption({ label: "Price: High to Low" });
    await page.waitForURL(/sort=price-desc/);
    await settle(page, (_shown, shownPrices) => descending(shownPrices));
    const down = await prices(page);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await sort.selectOption({ label: "Default" });
    await page.waitForURL((url) => !url.search.includes("sort="));
    const newest = await t.prisma.product.findMany({ where: { category: { main: "Ladies" } }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 24 });
    await settle(page, (shown) => JSON.stringify(shown) === JSON.stringify(newest.map((p) => p.name)));
    expect(await names(page)).toEqual(newest.map((p) => p.name));
    await context.close();
  });

  it("search finds products by name, case-insensitively, and keeps the words in the URL", async () => {
    const target = await t.prisma.product.findFirstOrThrow({ where: { name: { contains: "Ankara" } } });
    const { page, context } = await open("/products");
    await page.getByRole("searchbox", { name: "Search products" }).fill("ankara");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=ankara/);
    const expected = await namesIn({ where: { OR: [{ name: { contains: "ankara", mode: "insensitive" } }, { description: { contains: "ankara", mode: "insensitive" } }] } });
    await settle(page, sameSet(expected));
    const found = await names(page);
    expect(found).toContain(target.name);
    expect(found.sort()).toEqual(expected);
    await context.close();
  });

  it("shows Loading products... while loading and the empty text when nothing matches", async () => {
    const { page, context } = await newShopper(browser, t.url);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Catalogue queries go by GET (/graphql?id=…&operationName=…); the rest by POST.
    await page.route(/\/graphql(\?|$)/, async (route) => {
      if (`${route.request().url()} ${route.request().postData() ?? ""}`.includes("StorefrontProductList")) await held;
      await route.continue();
    });
    // The first listing comes with the page (server-rendered); a new search asks the API.
    await page.goto("/products?category=bales");
    await pageReady(page); // before it, the search form would be sent as a plain GET of a new page
    await page.getByRole("searchbox", { name: "Search products" }).fill("zzqx nothing matches");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("Loading products...", { exact: true }).waitFor();
    release();
    await page.getByText("No products match “zzqx nothing matches” in Bales.", { exact: true }).waitFor();
    await context.close();
  });

  it("Load more adds the next page until every product is shown", async () => {
    const total = await t.prisma.product.count();
    const { page, context } = await open("/products");
    expect(await page.locator(".product-card").count()).toBe(Math.min(24, total));
    const url = page.url();
    while (await page.getByRole("link", { name: "Load more" }).count()) {
      const before = await page.locator(".product-card").count();
      await page.getByRole("link", { name: "Load more" }).click();
      await page.waitForFunction((n) => document.querySelectorAll(".product-card").length > n, before);
    }
    const shown = await names(page);
    expect(shown).toHaveLength(total);
    // Added in the page: its link to the next page was not followed.
    expect(page.url()).toBe(url);
    expect(await page.getByText(`Showing ${total} of ${total} products`).count()).toBe(1);
    await context.close();
  });

  it("sets the page title, description and canonical link per category", async () => {
    const { page, context } = await open("/products?category=ladies-tops&sort=price-asc");
    await page.waitForFunction(() => document.title.startsWith("Ladies Tops"));
    expect(await page.title()).toBe(`Ladies Tops | ${t.config.store.name}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${t.url}/products?category=ladies-tops`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "Shop pre-loved ladies' tops at thrift prices in naira, delivered across Nigeria or picked up in Ota.",
    );
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(`Ladies Tops | ${t.config.store.name}`);
    await categoryLinks(page).getByRole("link", { name: "Bales" }).click();
    await page.waitForFunction(() => document.title.startsWith("Bales"));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${t.url}/products?category=bales`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain("bales");
    await context.close();
  });

  it("an out-of-stock card says so and cannot be added", async () => {
    const product = await t.prisma.product.findFirstOrThrow({ where: { category: { slug: "unisex" } }, orderBy: { createdAt: "desc" } });
    await t.prisma.product.update({ where: { id: product.id }, data: { stock: 0 } });
    try {
      const { page, context } = await open("/products?category=unisex");
      const card = page.locator(".product-card").filter({ has: page.getByRole("heading", { name: product.name, exact: true }) });
      await card.getByText("This item is out of stock").waitFor();
      // Hydrated (open waits for it): an in-stock card's button is on, so this one is off for its stock.
      const inStock = page.locator(".product-card").filter({ hasNot: page.getByText("This item is out of stock") }).first();
      expect(await inStock.getByRole("button", { name: "Add to Cart" }).isEnabled()).toBe(true);
      expect(await card.getByRole("button", { name: "Add to Cart" }).isDisabled()).toBe(true);
      await context.close();
    } finally {
      await t.prisma.product.update({ where: { id: product.id }, data: { stock: product.stock } });
    }
  });
});
