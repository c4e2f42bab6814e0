// The browser journeys run under the store's real Content-Security-Policy and fail on any violation
// (tests/helpers/browser.ts). This proves the guard catches one, and that the policy really stops
// injected inline script, foreign images and framing, while the store (its settings included) works.
import type { Browser } from "playwright-core";
import type { TestStore } from "../../helpers/store.ts";
import { assertNoCspViolations, newShopper } from "../../helpers/browser.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false, env: { STORE_NAME: "Mama Nkechi's </script> Thrift" } })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

/** Collects what the after-each guard would report until every pattern has shown up. */
async function violationsMatching(patterns: RegExp[]): Promise<string> {
  let seen = "";
  for (let i = 0; i < 200 && !patterns.every((p) => p.test(seen)); i++) {
    try {
      assertNoCspViolations();
    } catch (error) {
      seen += (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

describe("Content-Security-Policy in the browser", () => {
  it("injected inline script and a foreign image are blocked, and the guard reports them", async () => {
    const { page, context } = await newShopper(browser, t.url);
    try {
      await page.goto("/");
      // The store settings (read from the JSON data block, not a script) reach the page intact.
      await page.getByText("Mama Nkechi's </script> Thrift").first().waitFor();
      const ran = await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.appendChild(script);
        const image = document.createElement("img");
        image.src = "https://evil.example/pixel.png";
        document.body.appendChild(image);
        return (window as unknown as { injected?: boolean }).injected === true;
      });
      expect(ran).toBe(false);
      const report = await violationsMatching([/inline script/, /evil\.example/]);
      expect(report).toMatch(/^Content-Security-Policy violations in the browser:/);
      expect(report).toMatch(/inline script/);
      expect(report).toMatch(/evil\.example\/pixel\.png/);
    } finally {
      await context.close();
    }
  });

  it("another site cannot frame the store", async () => {
    const { page, context } = await newShopper(browser, t.url);
    try {
      await page.setContent(`<iframe src="${t.url}/"></iframe>`);
      const report = await violationsMatching([/frame-ancestors/]);
      expect(report).toMatch(/frame-ancestors 'none'/);
      const shop = page.frames().find((frame) => frame.url().startsWith(t.url));
      const text = shop ? await shop.evaluate(() => document.body?.innerText ?? "").catch(() => "") : "";
      expect(text).not.toContain("Mama Nkechi");
    } finally {
      await context.close();
    }
  });
});
