import type { Browser } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

describe("browsing the store", () => {
  it("home renders the layout: top bar, menu, cart, login, footer", async () => {
    const { page, context } = await newShopper(browser, t.url, { mobile: false });
    await page.goto("/");
    expect(await page.locator(".top-bar").innerText()).toContain(t.config.store.phone);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Home", "Bales", "Unisex", "Size Chart", "About", "Contact"]) {
      expect(await nav.getByRole("link", { name: label, exact: true }).count()).toBeGreaterThan(0);
    }
    // Groups with sub-categories open as disclosure menus (issue 40, finding 16).
    for (const label of ["Ladies", "Men", "Kids"]) {
      expect(await nav.getByRole("button", { name: label, exact: true }).count()).toBe(1);
    }
    expect(await nav.getByRole("link", { name: "Admin" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
    const footer = page.locator("footer");
    for (const label of ["About Us", "Shop", "Contact", "Returns & Refunds", "Privacy Policy", "Terms of Service"]) {
      expect(await footer.getByRole("link", { name: label, exact: true }).count()).toBe(1);
    }
    await page.getByRole("heading", { name: "Featured Products" }).waitFor();
    await context.close();
  });

  it("the mobile menu opens a category accordion and leads to that category's listing", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await mobile.locator("summary", { hasText: "Ladies" }).click();
    await mobile.getByRole("link", { name: "Tops", exact: true }).click();
    await page.waitForURL(/\/products\?category=ladies-tops$/);
    const expected = await t.prisma.product.findMany({ where: { category: { slug: "ladies-tops" } }, select: { name: true } });
    // The home page's cards stay on screen while the listing chunk loads: wait for the listing's own.
    await page.waitForFunction((n) => document.querySelectorAll(".product-card__name").length === n, expected.length);
    const names = await page.locator(".product-card__name").allInnerTexts();
    expect(names.sort()).toEqual(expected.map((p) => p.name).sort());
    await context.close();
  });

  it("a product page shows the name and the naira price", async () => {
    const product = await t.prisma.product.findFirstOrThrow({ where: { price: { gte: 1000 } }, orderBy: { createdAt: "desc" } });
    const { page, context } = await newShopper(browser, t.url);
    await page.goto(`/products/${product.slug}`);
    await page.getByRole("heading", { name: product.name, level: 1 }).waitFor();
    const expectedPrice = `₦${Number(product.price).toLocaleString("en-US", { maximumFractionDigits: 0 })}`;
    expect(await page.locator(".product-detail .price__now").innerText()).toBe(expectedPrice);
    await context.close();
  });

  it("an unknown path shows the 404 page with a link home", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/this/does/not/exist");
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL(`${t.url}/`);
    await context.close();
  });

  it("scrolls to the top on every route change", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/products");
    await page.locator(".product-card").first().waitFor();
    await pageReady(page); // a route change in the app, not a new page
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.locator(".product-card__link").last().click();
    await page.waitForURL(/\/products\/.+/);
    await page.locator(".product-detail").waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
