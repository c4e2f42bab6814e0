// A browser test file's store and Chromium: started side by side (each takes seconds), closed after
// the file's tests, the browser first. Either may be missing when beforeAll failed part-way.
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { startTestStore, type StartOptions, type TestStore } from "./store.ts";

export async function startStoreAndBrowser(options: StartOptions = {}): Promise<{ t: TestStore; browser: Browser }> {
  const [t, browser] = await Promise.all([startTestStore(options), launchBrowser()]);
  return { t, browser };
}

export async function closeStoreAndBrowser({ t, browser }: { t?: TestStore; browser?: Browser }): Promise<void> {
  await browser?.close();
  await t?.close();
}
