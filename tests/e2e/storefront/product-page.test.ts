// Product detail (SPEC §2), its images on a slow network, and its sharing tags.
import type { Browser } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { makeProduct, type ProductFixture } from "../../helpers/fixtures.ts";
import { cutAtWord } from "../../../common/page-head.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

/** A discounted gown in Ladies' gowns, named after its slug. */
function listGown(fields: ProductFixture & { slug: string }) {
  return makeProduct(t.prisma, {
    name: `Test ${fields.slug}`,
    price: 8500,
    originalPrice: 12000,
    imageUrl: "/images/demo/gown.svg",
    description: "A flowing maxi gown.",
    category: "ladies-gowns",
    ...fields,
  });
}

async function openProduct(slug: string) {
  const shopper = await newShopper(browser, t.url);
  await shopper.page.goto(`/products/${slug}`);
  await pageReady(shopper.page); // hydrated: its head, links and buttons are the page's own
  await shopper.page.locator(".product-detail, .page-status h1").first().waitFor();
  return shopper;
}

describe("product detail", () => {
  it("shows picture, name, category, struck-through original price with percent off, price, size, description and stock", async () => {
    await listGown({ slug: "detail-gown", stock: 3 });
    const { page, context } = await openProduct("detail-gown");
    const detail = page.locator(".product-detail");
    await detail.getByRole("heading", { name: "Test detail-gown", level: 1 }).waitFor();
    expect(await detail.locator(".product-detail__category").innerText()).toBe("Ladies - Gowns");
    expect(await detail.locator(".price__now").innerText()).toBe("₦8,500");
    expect(await detail.locator("s.price__was").innerText()).toContain("₦12,000");
    // round((12000 − 8500) / 12000 × 100) = 29
    expect(await detail.locator(".price__off").innerText()).toBe("29% off");
    expect(await detail.getByText("Size: M").isVisible()).toBe(true);
    expect(await detail.getByText("A flowing maxi gown.").isVisible()).toBe(true);
    expect(await detail.getByText("3 items available").isVisible()).toBe(true);
    expect(await detail.getByRole("img", { name: "Test detail-gown" }).getAttribute("src")).toBe("/images/demo/gown.svg");
    await context.close();
  });

  it("the quantity stepper goes from 1 up to the stock and no further", async () => {
    await listGown({ slug: "stepper-gown", stock: 2 });
    const { page, context } = await openProduct("stepper-gown");
    const value = page.locator(".quantity__value");
    const less = page.getByRole("button", { name: "Decrease quantity" });
    const more = page.getByRole("button", { name: "Increase quantity" });
    expect(await value.innerText()).toBe("1");
    expect(await less.isDisabled()).toBe(true);
    await more.click();
    expect(await value.innerText()).toBe("2");
    expect(await more.isDisabled()).toBe(true);
    await less.click();
    expect(await value.innerText()).toBe("1");
    expect(await page.getByRole("button", { name: "Add to Cart" }).isEnabled()).toBe(true);
    await context.close();
  });

  it("a sold-out product says Out of stock and Add to Cart is disabled", async () => {
    await listGown({ slug: "sold-gown", stock: 0 });
    const { page, context } = await openProduct("sold-gown");
    await page.getByText("Out of stock", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Add to Cart" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Increase quantity" }).count()).toBe(0);
    await context.close();
  });

  it("Back to Products returns to the list", async () => {
    await listGown({ slug: "back-gown", stock: 1 });
    const { page, context } = await openProduct("back-gown");
    await page.getByRole("link", { name: "Back to Products" }).click();
    await page.waitForURL(/\/products$/);
    await page.locator(".product-card").first().waitFor();
    await context.close();
  });

  it("an unknown slug shows Product not found", async () => {
    const { page, context } = await openProduct("no-such-gown");
    await page.getByRole("heading", { name: "Product not found" }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await page.getByRole("link", { name: "Back to Products" }).waitFor();
    await context.close();
  });

  it("gallery thumbnails switch the main picture", async () => {
    await listGown({ slug: "gallery-gown", stock: 1, galleryUrls: ["/images/demo/skirt.svg", "/images/demo/blouse.svg"] });
    const { page, context } = await openProduct("gallery-gown");
    const thumbs = page.getByRole("list", { name: "More pictures" }).getByRole("button");
    expect(await thumbs.count()).toBe(3);
    await thumbs.nth(2).click();
    expect(await page.locator(".product-detail__image").getAttribute("src")).toBe("/images/demo/blouse.svg");
    expect(await thumbs.nth(2).getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });

  it("a picture that fails to load is replaced by the placeholder; pictures have fixed dimensions", async () => {
    await listGown({ slug: "broken-gown", stock: 1, imageUrl: "/images/demo/does-not-exist.jpg" });
    const { page, context } = await openProduct("broken-gown");
    const image = page.locator(".product-detail__image");
    await page.waitForFunction(() => document.querySelector(".product-detail__image")?.getAttribute("src")?.endsWith("placeholder.svg"));
    expect(await image.getAttribute("width")).toBe("600");
    expect(await image.getAttribute("height")).toBe("750");
    expect(await image.getAttribute("loading")).toBe("eager");
    expect(await image.getAttribute("fetchpriority")).toBe("high");
    await context.close();
  });

  it("Cloudinary pictures get resized renditions through srcset", async () => {
    const src = "https://res.cloudinary.com/demo/image/upload/v1712/products/gown.jpg";
    await listGown({ slug: "cloud-gown", stock: 1, imageUrl: src });
    const { page, context } = await newShopper(browser, t.url);
    await page.route("https://res.cloudinary.com/**", (route) =>
      route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="5"/>' }),
    );
    await page.goto("/products/cloud-gown");
    const image = page.locator(".product-detail__image");
    await image.waitFor();
    expect(await image.getAttribute("src")).toBe("https://res.cloudinary.com/demo/image/upload/w_600,c_limit,f_auto,q_auto/v1712/products/gown.jpg");
    const srcset = (await image.getAttribute("srcset"))!;
    expect(srcset).toContain("https://res.cloudinary.com/demo/image/upload/w_640,c_limit,f_auto,q_auto/v1712/products/gown.jpg 640w");
    expect(srcset).toContain("w_1280,c_limit,f_auto,q_auto/v1712/products/gown.jpg 1280w");
    expect(await image.getAttribute("sizes")).toBe("(min-width: 800px) 50vw, 100vw");
    await context.close();
  });

  it("title, description cut to 150 characters, canonical and Open Graph tags describe the product", async () => {
    const description = "Pre-loved wrap gown in deep green Ankara print. ".repeat(5).trim();
    expect(description.length).toBeGreaterThan(150);
    await listGown({ slug: "meta-gown", stock: 1, description });
    const { page, context } = await openProduct("meta-gown");
    await page.waitForFunction(() => document.title.startsWith("Test meta-gown"));
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    // The price first (what a shopper asks before anything), then the description cut at a word.
    expect(await meta('meta[name="description"]')).toBe(cutAtWord(`₦8,500. ${description}`));
    expect(await meta('meta[property="og:description"]')).toBe(cutAtWord(`₦8,500. ${description}`));
    expect(await meta('meta[property="og:title"]')).toBe(`Test meta-gown | ${t.config.store.name}`);
    // The preview drawn for link previews (a raster with price and grade), not the SVG photo.
    expect(await meta('meta[property="og:image"]')).toMatch(new RegExp(`^${t.url}/previews/products/[^/]+/[0-9a-z]+\\.jpg$`));
    expect(await meta('meta[property="og:type"]')).toBe("product");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${t.url}/products/meta-gown`);
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    expect(blocks.map((block) => block["@type"])).toEqual(["Product", "BreadcrumbList"]);
    expect(blocks[0]).toMatchObject({
      "@type": "Product",
      name: "Test meta-gown",
      offers: { priceCurrency: "NGN", price: "8500.00", availability: "https://schema.org/InStock", itemCondition: "https://schema.org/UsedCondition" },
    });
    await context.close();
  });

  it("on a list, the first pictures load at once and the rest lazily, all with width and height", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/products");
    await page.locator(".product-card").nth(5).waitFor();
    const images = await page.locator(".product-card img").evaluateAll((imgs) =>
      imgs.map((i) => ({ loading: i.getAttribute("loading"), width: i.getAttribute("width"), height: i.getAttribute("height") })),
    );
    expect(images[0]).toEqual({ loading: "eager", width: "400", height: "500" });
    expect(images.slice(2).every((i) => i.loading === "lazy" && i.width === "400" && i.height === "500")).toBe(true);
    await context.close();
  });
});
