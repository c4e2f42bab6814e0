// Special Offers and Shop Deals (issue: the offers showed three sold-out items and "Shop Deals" only
// sorted by price): offers are discounted items in stock; Shop Deals lists discounted items only.
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

describe("deals", () => {
  it("Special Offers shows discounted items in stock; Shop Deals lists every discounted item and nothing else", async () => {
    // Three discounted items sell out: they are the ones with the least stock, which is what the
    // offers used to show.
    const discounted = await t.prisma.product.findMany({ where: { originalPrice: { gt: t.prisma.product.fields.price } }, orderBy: { stock: "asc" }, take: 3 });
    await t.prisma.product.updateMany({ where: { id: { in: discounted.map((p) => p.id) } }, data: { stock: 0 } });
    // A full-price item with the least stock of all is not an offer either.
    await t.prisma.product.updateMany({ where: { originalPrice: null }, data: { stock: 1 } });

    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/");
    const offers = page.locator("section").filter({ has: page.getByRole("heading", { name: "Special Offers", exact: true }) });
    await offers.locator(".product-card").first().waitFor();
    expect(await offers.locator(".product-card").count()).toBe(3);
    expect(await offers.getByText("This item is out of stock").count()).toBe(0);
    expect(await offers.locator(".price__off").count()).toBe(3);
    const offerNames = await offers.locator(".product-card__name").allInnerTexts();
    for (const p of discounted) expect(offerNames).not.toContain(p.name);

    await offers.getByRole("link", { name: "Shop Deals" }).click();
    await page.waitForURL((url) => url.pathname === "/products" && url.searchParams.get("deals") === "1");
    await page.getByRole("heading", { name: "Deals", level: 1 }).waitFor();
    const expected = await t.prisma.product.count({ where: { originalPrice: { gt: t.prisma.product.fields.price } } });
    await page.getByText(new RegExp(`Showing \\d+ of ${expected} products`)).waitFor();
    const cards = page.locator(".product-list .product-card");
    const shown = await cards.count();
    expect(shown).toBe(Math.min(expected, 24));
    expect(await page.locator(".product-list .product-card .price__off").count()).toBe(shown);
    expect(await page.locator('.filters a[aria-current="true"]', { hasText: "Deals" }).count()).toBe(1);

    // Deals within a category, then back to everything.
    await page.getByRole("group", { name: "Category", exact: true }).getByRole("link", { name: "Ladies", exact: true }).click();
    await page.getByRole("heading", { name: "Ladies Deals", level: 1 }).waitFor();
    const ladies = await t.prisma.product.count({ where: { originalPrice: { gt: t.prisma.product.fields.price }, category: { main: "Ladies" } } });
    await page.getByText(`of ${ladies} products`).waitFor();
    await page.locator('.filters a[aria-current="true"]', { hasText: "Deals" }).click();
    await page.getByRole("heading", { name: "Ladies", level: 1 }).waitFor();
    await page.getByText(`of ${await t.prisma.product.count({ where: { category: { main: "Ladies" } } })} products`).waitFor();
    await context.close();
  });
});
