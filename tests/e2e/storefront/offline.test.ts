// The store on a bad network: installable (web app manifest), and a service worker (Workbox) that
// keeps the app shell, the catalogue answers and the product pictures a shopper has seen, so a
// repeat visit opens with no network, the guest cart still works offline, and checkout says plainly
// that placing an order needs a connection.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

/** Waits until the service worker is active and controls the page (it claims it once installed). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Every address in the page's caches (precache and runtime caches), with the cache it is in. */
async function cachedAddresses(page: Page): Promise<{ cache: string; url: string }[]> {
  return page.evaluate(async () => {
    const found: { cache: string; url: string }[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) found.push({ cache: name, url: new URL(request.url).pathname + new URL(request.url).search });
    }
    return found;
  });
}

describe("installable", () => {
  it("the page links a web app manifest with name, icons, theme colour, start URL and standalone display", async () => {
    const html = await (await fetch(t.url)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const res = await fetch(`${t.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ short_name: "Thrift Store", start_url: "/", display: "standalone", theme_color: "#1f5f4a" });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const png = await fetch(`${t.url}${icon.src}`);
      expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
    }
  });

  it("the service worker is always revalidated, runs under its own strict policy, and pages allow it", async () => {
    const sw = await fetch(`${t.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/javascript/);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    expect(sw.headers.get("content-security-policy")).toBe("default-src 'none'; connect-src 'self' https://res.cloudinary.com; script-src 'self'");
    const page = await fetch(t.url);
    expect(page.headers.get("content-security-policy")).toContain("worker-src 'self'");
    expect(page.headers.get("content-security-policy")).toContain("manifest-src 'self'");
  });
});

describe("offline", () => {
  it("after one visit online, the home page, a product and the guest cart open offline; checkout says it needs a connection", async () => {
    const { page, context } = await newShopper(browser, t.url, { serviceWorker: true });
    await page.goto("/");
    await controlledByServiceWorker(page);

    // A repeat visit online: the shopper browses home, a listing and a product, and adds to the cart.
    await page.goto("/");
    const firstCard = page.locator(".product-card").first();
    await firstCard.waitFor();
    const name = await firstCard.locator(".product-card__name").innerText();
    const slug = (await firstCard.locator("a.product-card__link").getAttribute("href"))!.replace("/products/", "");
    await firstCard.getByRole("button", { name: "Add to Cart" }).click();
    await page.waitForFunction(() => (localStorage.getItem("guestCart") ?? "").includes("product_id"));
    await page.goto("/products");
    await page.locator(".product-card").first().waitFor();
    await page.goto(`/products/${slug}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.goto("/cart");
    await page.getByTestId("cart-line").filter({ hasText: name }).waitFor();
    await page.getByRole("heading", { name: "Shop Related Products" }).waitFor();

    // What the service worker kept: shopper code, pages, catalogue answers by id and pictures; never
    // admin code, an upload or receipt, a POST, or a personal answer. It stores an answer after
    // handing it to the page, so the last one (the cart's related products) may land a moment later.
    let cached = await cachedAddresses(page);
    for (let tries = 0; tries < 50 && cached.filter((c) => c.url.startsWith("/graphql")).length < 3; tries++) {
      await page.waitForTimeout(100);
      cached = await cachedAddresses(page);
    }
    expect(cached.some((c) => /\/assets\/ProductPage-[\w-]+\.js/.test(c.url))).toBe(true);
    expect(cached.some((c) => /\/assets\/CheckoutPage-[\w-]+\.js/.test(c.url))).toBe(true);
    expect(cached.filter((c) => /Admin|ReviewsManager/.test(c.url))).toEqual([]);
    expect(cached.filter((c) => /^\/(admin|api)\b/.test(c.url))).toEqual([]);
    const answers = cached.filter((c) => c.url.startsWith("/graphql"));
    expect(answers.length).toBeGreaterThan(2);
    for (const answer of answers) {
      expect(answer.cache).toBe("catalogue");
      expect(answer.url).toMatch(/^\/graphql\?.*extensions=/);
      // Only public catalogue documents travel by id: the viewer, cart and profile (POST) never.
      expect(decodeURIComponent(answer.url)).not.toMatch(/operationName=(Viewer|CartLines|CheckoutProfile)\b/);
    }
    expect(cached.some((c) => c.cache === "pages" && c.url === `/products/${slug}`)).toBe(true);
    expect(cached.some((c) => c.cache === "product-images" && c.url.startsWith("/images/demo/"))).toBe(true);

    await context.setOffline(true);

    // Reload home: painted from the cache, with the offline notice.
    await page.goto("/");
    await page.getByRole("status").filter({ hasText: "You are offline" }).waitFor();
    await page.locator(".product-card", { hasText: name }).first().waitFor();

    // The product seen before.
    await page.goto(`/products/${slug}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.locator(".product-detail__image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The guest cart (in this browser) still shows, and leads to checkout.
    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: name });
    await line.waitFor();
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();

    // Checkout: the form is there, but Confirm is off and says why.
    await page.getByRole("alert").filter({ hasText: "placing an order needs a connection" }).waitFor();
    expect(await page.getByRole("button", { name: "Confirm Order" }).isDisabled()).toBe(true);
    await page.goto("/checkout");
    await page.getByRole("alert").filter({ hasText: "placing an order needs a connection" }).waitFor();

    // Back online: Confirm comes back.
    await context.setOffline(false);
    await page.getByRole("button", { name: "Confirm Order" }).and(page.locator(":enabled")).waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "placing an order needs a connection" }).count()).toBe(0);
    await context.close();
  });

  it("a guest cart never opened online still opens offline, with checkout's form (issue 40, finding 9)", async () => {
    const { page, context } = await newShopper(browser, t.url, { serviceWorker: true });
    await page.goto("/");
    await controlledByServiceWorker(page);
    const firstCard = page.locator(".product-card").first();
    await firstCard.waitFor();
    const name = await firstCard.locator(".product-card__name").innerText();
    await firstCard.getByRole("button", { name: "Add to Cart" }).click();
    await page.waitForFunction(() => (localStorage.getItem("guestCart") ?? "").includes("product_id"));

    await context.setOffline(true);
    await page.goto("/cart");
    await page.getByTestId("cart-line").filter({ hasText: name }).waitFor();
    expect(await page.getByText("Could not reach the shop").count()).toBe(0);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByRole("alert").filter({ hasText: "placing an order needs a connection" }).waitFor();
    expect(await page.locator(".checkout-items").innerText()).toContain(name);
    await context.close();
  });

  it("the listing a shopper first opened (served before the service worker was in control) opens offline on a repeat visit", async () => {
    const { page, context } = await newShopper(browser, t.url, { serviceWorker: true });
    await page.goto("/products");
    const firstCard = page.locator(".product-card").first();
    await firstCard.waitFor();
    const name = await firstCard.locator(".product-card__name").innerText();
    await controlledByServiceWorker(page);
    await firstCard.locator("a.product-card__link").click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    let cached = await cachedAddresses(page);
    for (let tries = 0; tries < 50 && !cached.some((c) => c.cache === "pages" && c.url === "/products"); tries++) {
      await page.waitForTimeout(100);
      cached = await cachedAddresses(page);
    }
    await context.setOffline(true);
    await page.goto("/products");
    await page.locator(".product-card", { hasText: name }).first().waitFor();
    expect(await page.getByText("Could not reach the shop").count()).toBe(0);
    await context.close();
  });

  it("a page never opened online still opens offline from the app shell, says what it could not load, and gives the shop's phone and map", async () => {
    const { page, context } = await newShopper(browser, t.url, { serviceWorker: true });
    await page.goto("/");
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.goto("/track-order");
    await page.getByRole("status").filter({ hasText: "You are offline" }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBeGreaterThan(0);
    // The app shell has no store settings of its own: the top bar still gives the phone number and
    // the map link (issue 40: offline the number was missing).
    expect(await page.locator(".top-bar").innerText()).toContain(t.config.store.phone);
    expect(await page.locator(".top-bar").getByRole("link", { name: t.config.store.address }).getAttribute("href")).toBe(t.config.store.mapUrl);
    await context.close();
  });
});
