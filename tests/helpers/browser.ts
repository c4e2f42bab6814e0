// Debian's Chromium driven by playwright-core (no browser download). Every browser test runs the
// store under its real Content-Security-Policy: a violation Chromium reports in the console fails
// the test that caused it (checked after each test), so the whole store is proven to work under it.
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Chromium's console wording for anything the Content-Security-Policy blocked. */
export const CSP_VIOLATION = /Content Security Policy/i;

/** Violations seen since the last check, with the page they happened on. */
const cspViolations: string[] = [];

function recordCspViolation(message: ConsoleMessage): void {
  if (!CSP_VIOLATION.test(message.text())) return;
  const where = message.page()?.url() ?? message.location().url;
  cspViolations.push(`${where}: ${message.text()}`);
}

/** Throws (failing the current test) when any page broke the Content-Security-Policy since the last call. */
export function assertNoCspViolations(): void {
  const found = cspViolations.splice(0);
  if (found.length) throw new Error(`Content-Security-Policy violations in the browser:\n${found.join("\n")}`);
}

// Test files import this helper, so the check runs after every browser test.
if (typeof afterEach === "function") afterEach(assertNoCspViolations);

/** A fresh browser profile (cookies, storage) pointed at the store, phone-sized by default. */
export async function newShopper(
  browser: Browser,
  baseURL: string,
  options: {
    mobile?: boolean;
    locale?: string;
    viewport?: { width: number; height: number };
    timezoneId?: string;
    /** false: a browser with JavaScript turned off (the server-rendered pages must still read). */
    javaScriptEnabled?: boolean;
    serviceWorker?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    // The store's service worker (client/sw/sw.ts) answers requests itself, where page.route()
    // cannot see them: journeys that fake network answers run without it; the offline journeys
    // (tests/e2e/storefront/offline.test.ts) turn it on.
    serviceWorkers: options.serviceWorker ? "allow" : "block",
    locale: options.locale ?? "en-NG",
    timezoneId: options.timezoneId,
    viewport: options.viewport ?? (options.mobile === false ? { width: 1280, height: 900 } : { width: 390, height: 844 }),
    isMobile: options.mobile !== false,
    hasTouch: options.mobile !== false,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  // Generous deadlines: on a loaded CI machine (clean-clone run of 06ae6c7, 28 Nov 2026) a first
  // page load of a fresh store waited more than 15 s for Chromium's "load" while the other Jest
  // worker and the host took the cores; in the CI of 52e1c1c (a host at half speed) the admin's
  // Payments card missed 30 s once and never locally under load. A deadline only matters when a
  // test fails.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  await context.addInitScript(recordToasts);
  // On the context, so pages the test opens later (popups, new tabs) are watched too.
  context.on("console", recordCspViolation);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

/** In the page, from its first script on: every toast shown goes into window.__toastsSeen. A toast
 *  lives 4 s; a test process starved of CPU on a loaded machine polled after it had gone
 *  (guest-checkout, 27 Nov 2026), so tests wait on this record, not on the toast still being there. */
function recordToasts() {
  const seen: string[] = ((window as unknown as { __toastsSeen: string[] }).__toastsSeen = []);
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof Element) for (const found of [node, ...node.querySelectorAll(".toast")]) if (found.matches(".toast")) seen.push(found.textContent ?? "");
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until a toast containing `text` has been shown (since the page loaded, and not already
 *  waited for: each call takes one showing, so the same message twice needs two showings). */
export async function toastShown(page: Page, text: string): Promise<void> {
  await page.waitForFunction((text) => {
    const seen = (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? [];
    const at = seen.findIndex((shown) => shown.includes(text));
    if (at >= 0) seen.splice(at, 1);
    return at >= 0;
  }, text);
}

/** Waits until the page has run in the browser: hydrated when server-rendered (its JavaScript-only
 *  controls enabled, its head and links its own), rendered when not (lib/page-meta.ts). A
 *  server-rendered page starts its scripts after its first paint (decision 022), so a test that
 *  needs the page's JavaScript, not only its HTML, waits for this after `goto`. */
export async function pageReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-ready"));
}
