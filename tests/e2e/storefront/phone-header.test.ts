// The header and filters on a small phone (issue 11, item 15): Escape closes the menu, the category
// chips show that there are more to scroll to, and the logo stays on one line beside Logout. Issue 40:
// the top bar keeps its map link, a long unbroken name wraps, and on a desktop the category menus are
// disclosure buttons (their links out of the Tab order until opened) after a skip link.
import type { Browser, Page } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { makeProduct } from "../../helpers/fixtures.ts";
import { ADD_TO_CART, details, placeOrder } from "../../helpers/shopper.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

const PHONE = { width: 360, height: 740 };

it("the mobile menu closes on Escape and gives focus back to the menu button", async () => {
  const { page, context } = await newShopper(browser, t.url, { viewport: PHONE });
  await page.goto("/");
  await pageReady(page);
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const menu = page.locator("#mobile-menu");
  await page.waitForFunction(() => document.querySelector("#mobile-menu")?.classList.contains("is-open"));
  expect(await toggle.getAttribute("aria-expanded")).toBe("true");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("#mobile-menu")?.classList.contains("is-open"));
  expect(await menu.getAttribute("aria-hidden")).toBe("true");
  expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
  await context.close();
});

it("a menu opened before the page's script ran still closes once it has", async () => {
  const { page, context } = await newShopper(browser, t.url, { viewport: PHONE });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  // Without the script the menu opens by CSS (:target).
  await page.getByRole("button", { name: "Open menu" }).click();
  const panel = page.getByRole("navigation", { name: "Mobile" });
  await panel.waitFor();
  release();
  await pageReady(page);
  // The page's state took it over: still open, the address clean, and Close closes it.
  await panel.waitFor();
  expect(new URL(page.url()).hash).toBe("");
  await page.getByRole("button", { name: "Close menu" }).click();
  await panel.waitFor({ state: "hidden" });
  // The same when the address changes to the menu after hydration (a tap React did not handle).
  await page.evaluate(() => (window.location.hash = "mobile-menu"));
  await panel.waitFor();
  expect(await page.locator("#mobile-menu").getAttribute("aria-hidden")).toBe("false");
  expect(new URL(page.url()).hash).toBe("");
  await page.keyboard.press("Escape");
  await panel.waitFor({ state: "hidden" });
  await context.close();
});

/** How much of each end of a chip row is faded out (px), read from the row's own styles. */
const fades = (page: Page, label: string) =>
  page.getByRole("group", { name: label, exact: true }).evaluate((row) => {
    const style = getComputedStyle(row);
    return {
      scrollable: row.scrollWidth > row.clientWidth,
      mask: style.maskImage,
      start: style.getPropertyValue("--fade-start").trim(),
      end: style.getPropertyValue("--fade-end").trim(),
    };
  });

it("a chip row that runs past the screen fades out at the end that has more, and not at an end reached", async () => {
  const { page, context } = await newShopper(browser, t.url, { viewport: PHONE });
  await page.goto("/products?category=ladies");
  const row = page.getByRole("group", { name: "Ladies subcategory", exact: true });
  await row.waitFor();
  const atStart = await fades(page, "Ladies subcategory");
  expect(atStart.scrollable).toBe(true);
  expect(atStart.mask).toContain("linear-gradient");
  expect(atStart.start).toBe("0px");
  expect(atStart.end).not.toBe("0px");
  await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await page.waitForFunction(() => {
    const el = document.querySelector('[aria-label="Ladies subcategory"]')!;
    return getComputedStyle(el).getPropertyValue("--fade-end").trim() === "0px";
  });
  const atEnd = await fades(page, "Ladies subcategory");
  expect(atEnd.start).not.toBe("0px");
  await context.close();
});

it("at 360 px a signed-in shopper's header keeps the logo on one line, with the account icon and Logout on screen", async () => {
  const shopper = t.client();
  await shopper.signUp("small-phone@example.ng");
  const { page, context } = await newShopper(browser, t.url, { viewport: PHONE });
  const [name, ...value] = shopper.cookie!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  await page.goto("/");
  const logout = page.locator(".nav-bar").getByRole("button", { name: "Logout" });
  await logout.waitFor();
  const lines = await page.locator(".nav-bar .logo__text").evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  // ...and whole: the shop's name is not cut short to make room.
  expect(await page.locator(".nav-bar .logo__text").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const control of [logout, page.locator(".nav-bar").getByRole("link", { name: "Account" })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Issue 26: the saved-items heart stays in the bar, seen and not only announced, at 360 and 390 px.
  for (const width of [PHONE.width, 390]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const heart = page.locator(".nav-bar").getByRole("link", { name: /^Saved items/ });
    expect(await heart.isVisible()).toBe(true);
    const box = (await heart.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const logoutBox = (await logout.boundingBox())!;
    expect(logoutBox.x + logoutBox.width).toBeLessThanOrEqual(width);
    expect(await page.locator(".nav-bar .logo__text").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await context.close();
});

it("every link or button named by aria-label says its visible text (axe label-content-name-mismatch): the logo is named Thrift Store", async () => {
  const { page, context } = await newShopper(browser, t.url);
  for (const path of ["/", "/products"]) {
    await page.goto(path);
    await pageReady(page);
    expect(await page.locator(".nav-bar").getByRole("link", { name: "Thrift Store", exact: true }).count()).toBe(1);
    const mismatches = await page.evaluate(() => {
      // The visible text: text nodes outside aria-hidden parts, as axe reads it.
      const visibleText = (el: Element): string =>
        [...el.childNodes]
          .map((node) => (node.nodeType === Node.TEXT_NODE ? node.textContent ?? "" : node instanceof Element && node.getAttribute("aria-hidden") !== "true" ? visibleText(node) : ""))
          .join("");
      const normal = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
      return [...document.querySelectorAll("a[aria-label], button[aria-label]")]
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ label: normal(el.getAttribute("aria-label")!), text: normal(visibleText(el)) }))
        .filter(({ label, text }) => /[a-z]{2}/.test(text) && !label.includes(text));
    });
    expect({ path, mismatches }).toEqual({ path, mismatches: [] });
  }
  await context.close();
});

it("a 100-letter unbroken name (the most the server keeps) wraps wherever it shows: the phone page stays 360 px wide", async () => {
  const name = "Oluwaseun".padEnd(100, "x");
  const shopper = t.client();
  await shopper.signUp("long-name@example.ng", "secret-pass-1", name);
  const product = await makeProduct(t.prisma, { stock: 2, price: "5000" });
  await shopper.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
  const placed = await placeOrder(shopper, details({ fullName: name, email: "long-name@example.ng" }));
  expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
  const order = placed.data.order;
  const { page, context } = await newShopper(browser, t.url, { viewport: PHONE });
  const [cookie, ...value] = shopper.cookie!.split("=");
  await context.addCookies([{ name: cookie!, value: value.join("="), url: t.url }]);
  for (const [path, shown] of [
    ["/account", page.getByRole("heading", { name })],
    [`/track-order/${order.shortOrderId}`, page.getByText(name, { exact: true })],
  ] as const) {
    await page.goto(path);
    await shown.first().waitFor();
    expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: PHONE.width });
  }
  await context.close();
});

it("the phone top bar keeps the map link to the address (SPEC's global layout)", async () => {
  const { page, context } = await newShopper(browser, t.url, { viewport: PHONE });
  await page.goto("/");
  const map = page.locator(".top-bar").getByRole("link", { name: t.config.store.address });
  expect(await map.isVisible()).toBe(true);
  expect(await map.innerText()).toContain("Map");
  expect(await map.getAttribute("href")).toBe(t.config.store.mapUrl);
  expect(await page.locator(".top-bar").innerText()).toContain(t.config.store.phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});

describe("the desktop menu by keyboard", () => {
  const DESKTOP = { width: 1280, height: 800 };

  it("starts with a skip link, and its category menus open on Enter instead of putting every link in the Tab order", async () => {
    const { page, context } = await newShopper(browser, t.url, { viewport: DESKTOP, mobile: false });
    await page.goto("/products");
    await pageReady(page);
    const focused = () => page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? "", inMain: !!document.activeElement?.closest("main"), inPanel: !!document.activeElement?.closest(".dropdown__panel") }));
    // The first Tab: the skip link, shown; Enter, then Tab lands in the page's content.
    await page.keyboard.press("Tab");
    expect((await focused()).text).toBe("Skip to content");
    expect(await page.getByRole("link", { name: "Skip to content" }).evaluate((el) => el.getBoundingClientRect().left >= 0)).toBe(true);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect((await focused()).inMain).toBe(true);
    // From the top, the header is a few stops, none of them a submenu link.
    await page.goto("/products");
    await pageReady(page);
    let stops = 0;
    for (; stops < 40; stops++) {
      await page.keyboard.press("Tab");
      const now = await focused();
      expect(now.inPanel).toBe(false);
      if (now.inMain) break;
    }
    expect(stops).toBeLessThan(20);
    // A menu is a button that opens on Enter; its links come next; Escape closes it and gives focus back.
    const ladies = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Ladies" });
    expect(await ladies.getAttribute("aria-expanded")).toBe("false");
    await ladies.focus();
    await page.keyboard.press("Enter");
    expect(await ladies.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await focused()).toMatchObject({ text: "All Ladies", inPanel: true });
    // The panel's links have room inside it (issue 40: no inner padding).
    const padding = await page.evaluate(() => getComputedStyle(document.activeElement!).paddingLeft);
    expect(padding).toBe("16px");
    await page.keyboard.press("Escape");
    expect(await ladies.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Ladies");
    // Enter on a link inside goes there.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/category=ladies-tops|category=ladies/);
    await context.close();
  });
});
