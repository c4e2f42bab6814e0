// Home page (SPEC §2 Home) on a phone.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import { startTestStore, type TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

async function openHome(options: { mobile?: boolean } = {}) {
  const shopper = await newShopper(browser, t.url, options);
  await shopper.page.goto("/");
  await shopper.page.locator(".product-card").first().waitFor();
  return shopper;
}

const sectionOf = (page: Page, heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });

describe("home page", () => {
  it("hero leads to the shop and to About; the four value points are shown", async () => {
    const { page, context } = await openHome();
    await page.getByRole("heading", { name: "Look great, feel great, pay less", level: 1 }).waitFor();
    for (const point of ["Quality Products", "Trending Styles", "Fast Delivery", "Store Pickup"]) {
      expect(await page.getByRole("heading", { name: point, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("link", { name: "Learn More" }).getAttribute("href")).toBe("/about");
    await page.getByRole("link", { name: "Shop Now" }).click();
    await page.waitForURL(/\/products$/);
    await page.getByRole("heading", { name: "All Products", level: 1 }).waitFor();
    await context.close();
  });

  it("shows the active homepage section's title, description, View All and 6 products", async () => {
    const section = await t.prisma.homepageSection.findFirstOrThrow({ where: { isActive: true }, orderBy: { displayOrder: "asc" } });
    const { page, context } = await openHome();
    const block = sectionOf(page, section.title);
    expect(await block.getByText(section.description!).isVisible()).toBe(true);
    expect(await block.locator(".product-card").count()).toBe(6);
    expect(await block.getByRole("link", { name: "View All" }).getAttribute("href")).toBe("/products");
    await context.close();
  });

  it("Featured Products shows the latest 12 after the six the Latest section above shows, in a grid of two columns on a phone and four on a desktop", async () => {
    // Issue 40: not the section's six again.
    const latest = await t.prisma.product.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: 6, take: 12, select: { name: true } });
    for (const [mobile, columns] of [[true, 2], [false, 4]] as const) {
      const { page, context } = await openHome({ mobile });
      const block = sectionOf(page, "Featured Products");
      expect(await block.locator(".product-card__name").allInnerTexts()).toEqual(latest.map((p) => p.name));
      const tops = await block.locator(".product-card").evaluateAll((cards) => cards.slice(0, 4).map((c) => Math.round(c.getBoundingClientRect().top)));
      expect(tops.filter((top) => top === tops[0]).length).toBe(columns);
      await context.close();
    }
  });

  it("Special Offers shows 3 products and Shop Deals; featured reviews show stars, text and name", async () => {
    const { page, context } = await openHome();
    const offers = sectionOf(page, "Special Offers");
    expect(await offers.locator(".product-card").count()).toBe(3);
    expect(await offers.getByRole("link", { name: "Shop Deals" }).isVisible()).toBe(true);
    const reviews = await t.prisma.customerReview.findMany({ where: { isFeatured: true }, orderBy: { createdAt: "desc" }, take: 4 });
    const block = sectionOf(page, "Customer Reviews");
    const items = block.locator(".review");
    expect(await items.count()).toBe(reviews.length);
    expect(await items.first().locator(".review__name").innerText()).toBe(reviews[0]!.customerName);
    expect(await items.first().locator(".review__text").innerText()).toBe(reviews[0]!.reviewText);
    expect(await items.first().getByRole("img", { name: `${reviews[0]!.rating} out of 5 stars` }).count()).toBe(1);
    await context.close();
  });

  it("Instagram Community shows 4 pictures linking to the store's Instagram; Why Choose links to About", async () => {
    const { page, context } = await openHome();
    const block = page.locator(".instagram");
    const images = block.locator(".instagram__grid img");
    expect(await images.count()).toBe(4);
    expect(await images.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname))).toEqual(
      [1, 2, 3, 4].map((n) => `/images/demo/instagram-${n}.svg`),
    );
    const hrefs = await block.locator(".instagram__grid a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(Array(4).fill(t.config.store.instagramUrl));
    await page.getByRole("heading", { name: `Why Choose ${t.config.store.name}?` }).waitFor();
    expect(await page.getByRole("link", { name: "Learn About Us" }).getAttribute("href")).toBe("/about");
    await context.close();
  });

  it("without products, reviews or an active section: the empty texts, no reviews block, no section", async () => {
    const empty = await startTestStore({ seed: false });
    try {
      const { page, context } = await newShopper(browser, empty.url);
      await page.goto("/");
      await page.getByText("No products found", { exact: true }).waitFor();
      await page.getByText("Check back for amazing deals!").waitFor();
      expect(await page.getByRole("heading", { name: "Customer Reviews" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "View All" }).count()).toBe(0);
      await context.close();
    } finally {
      await empty.close();
    }
  });

  it("Add to Cart on a card uses the cart (the guest cart count goes up)", async () => {
    const { page, context } = await openHome();
    const card = sectionOf(page, "Featured Products").locator(".product-card").filter({ hasNot: page.getByText("This item is out of stock") }).first();
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByText("Added to cart!").waitFor();
    await context.close();
  });

  it("nothing visible moves when the catalogue arrives late (no layout shift on a slow network)", async () => {
    const shopper = await newShopper(browser, t.url);
    const { page, context } = shopper;
    // A slow mobile network: every GraphQL answer comes 800 ms late.
    // Catalogue queries go by GET (/graphql?id=…), the rest by POST: delay both.
    await page.route(/\/graphql(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    await page.getByRole("heading", { name: "Look great, feel great, pay less" }).waitFor();
    await sectionOf(page, "Featured Products").locator(".product-card").first().waitFor();
    await page.waitForTimeout(300); // let the last frames paint
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    expect(shift).toBeLessThan(0.01);
    await context.close();
  });
});
