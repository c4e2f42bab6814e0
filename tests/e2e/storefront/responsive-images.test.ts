// Product photos on a phone over mobile data: an uploaded photo is offered in several widths
// (srcset/sizes) and a 390 px phone downloads a narrow one; the first pictures are the page's LCP
// (high priority, not lazy), the rest wait until scrolled to; width/height reserve their space.
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopper } from "../../helpers/browser.ts";
import { startTestStore, type TestStore } from "../../helpers/store.ts";
import { uploadForm } from "../../helpers/images.ts";

let t: TestStore;
let browser: Browser;
let photoUrl: string;
beforeAll(async () => {
  [t, browser] = await Promise.all([startTestStore(), launchBrowser()]);
  // A real upload by an admin: a 1600×2000 JPEG, as a phone camera would send it.
  const admin = await t.admin();
  const photo = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 120, sigma: 35 } } }).jpeg().toBuffer();
  const res = await fetch(`${t.url}/api/uploads`, {
    method: "POST",
    body: uploadForm("product", [{ name: "adire.jpg", content: photo, type: "image/jpeg" }]),
    headers: { cookie: admin.cookie! },
  });
  photoUrl = ((await res.json()) as { files: { url: string }[] }).files[0]!.url;
  const category = await t.prisma.category.findUniqueOrThrow({ where: { slug: "ladies-gowns" } });
  // Newest first: this product is the listing's first card.
  await t.prisma.product.create({
    data: { name: "Adire Maxi Dress", slug: "adire-maxi-dress", price: 9500, imageUrl: photoUrl, galleryUrls: [], size: "L", stock: 2, description: "Indigo adire.", categoryId: category.id },
  });
  await t.store.catalogue.sync();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The product-image addresses the page downloaded. */
function imageRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/uploads/product-images/")) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

const base = () => photoUrl.replace(/\.1600w\.webp$/, "");

describe("responsive product photos", () => {
  it("a card offers every width and a 390 px phone loads the 320 px one, at high priority for the first cards", async () => {
    const { page, context } = await newShopper(browser, t.url);
    const requested = imageRequests(page);
    await page.goto("/products");
    const image = page.locator(".product-card", { hasText: "Adire Maxi Dress" }).locator("img");
    await image.waitFor();
    expect(await image.getAttribute("srcset")).toBe(
      [320, 640, 960, 1280, 1600].map((w) => `${base()}.${w}w.webp ${w}w`).join(", "),
    );
    expect(await image.getAttribute("sizes")).toBe("(min-width: 1024px) 280px, (min-width: 720px) 33vw, 50vw");
    expect([await image.getAttribute("width"), await image.getAttribute("height")]).toEqual(["400", "500"]);
    expect([await image.getAttribute("loading"), await image.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(`${base()}.320w.webp`);
    expect(requested).toEqual([`${base()}.320w.webp`]);
    // Cards further down wait until they are scrolled to.
    const later = page.locator(".product-card img").nth(4);
    expect([await later.getAttribute("loading"), await later.getAttribute("decoding"), await later.getAttribute("fetchpriority")]).toEqual(["lazy", "async", "auto"]);
    await context.close();
  });

  it("the product page's picture is its LCP: preloaded as the same srcset, high priority, and a phone-width file", async () => {
    const { page, context } = await newShopper(browser, t.url);
    const requested = imageRequests(page);
    await page.goto("/products/adire-maxi-dress");
    const preload = page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.getAttribute("imagesrcset")).toContain(`${base()}.640w.webp 640w`);
    const image = page.locator(".product-detail__image");
    await image.waitFor();
    expect([await image.getAttribute("loading"), await image.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);
    expect(await image.getAttribute("sizes")).toBe("(min-width: 800px) 50vw, 100vw");
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    // 100vw of a 390 px screen at 1×: the 640 px file, fetched once (the preload and the <img> agree).
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(`${base()}.640w.webp`);
    expect(requested).toEqual([`${base()}.640w.webp`]);
    await context.close();
  });
});
