// The header and filters on a small phone (issue 11, item 15): Escape closes the menu, the category
// chips show that there are more to scroll to, and the logo stays on one line beside Logout.
import type { Browser, Page } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
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
