// Debian's Chromium driven by playwright-core (no browser download).
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

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

/** A fresh browser profile (cookies, storage) pointed at the store, phone-sized by default. */
export async function newShopper(
  browser: Browser,
  baseURL: string,
  options: { mobile?: boolean; locale?: string; viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: options.locale ?? "en-NG",
    timezoneId: options.timezoneId,
    viewport: options.viewport ?? (options.mobile === false ? { width: 1280, height: 900 } : { width: 390, height: 844 }),
    isMobile: options.mobile !== false,
    hasTouch: options.mobile !== false,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}
