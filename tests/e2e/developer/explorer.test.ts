// A developer on a machine without internet opens /graphql and explores the API with their session.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

/** Opens /graphql and waits until the editor holds the first example and has loaded the schema. */
async function openExplorer(page: Page) {
  const schemaLoaded = page.waitForResponse((res) => res.url().endsWith("/graphql") && (res.request().postData() ?? "").includes("IntrospectionQuery"));
  await page.goto("/graphql");
  await page.locator(".graphiql-query-editor").getByText("BrowseCategory").first().waitFor();
  expect((await schemaLoaded).status()).toBe(200);
  // Monaco attaches its keybindings and the run action after it paints; wait for the editor to accept focus.
  await page.locator(".graphiql-query-editor .monaco-editor").first().click();
}

describe("the API explorer", () => {
  it("loads with no request leaving this server, runs an example operation and shows the answer", async () => {
    const { context, page } = await newShopper(browser, t.url, { mobile: false });
    const foreign: string[] = [];
    const consoleProblems: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(t.url) && !/^(data|blob):/.test(request.url())) foreign.push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") consoleProblems.push(message.text());
    });
    await openExplorer(page);
    // The first tab is the shoppers' category browse; run it with the toolbar's Execute button.
    await page.getByRole("button", { name: /execute query/i }).click();
    await page.locator(".graphiql-response").getByText('"totalCount"').waitFor();
    // The example's variable defaults applied: the count is the category's, not the whole catalogue's.
    const shown = Number(/"totalCount":\s*(\d+)/.exec(await page.locator(".graphiql-response").innerText())?.[1]);
    const { products } = await t.client().data(`{ products(filter: { category: "ladies-tops" }) { totalCount } }`);
    expect(shown).toBe(products.totalCount);
    expect(foreign).toEqual([]);
    expect(consoleProblems).toEqual([]);
    expect((page as typeof page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it("sends the browser's session: an admin signed in on the store explores as admin", async () => {
    const { context, page } = await newShopper(browser, t.url, { mobile: false });
    await page.goto("/auth");
    await page.getByLabel("Email").first().fill(ADMIN_EMAIL);
    await page.getByLabel("Password").first().fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: /^log ?in$/i }).first().click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
    await openExplorer(page);
    // The admin example (last tab) answers with data, not "Please log in".
    await page.getByRole("tab", { name: "PaymentsQueue" }).click();
    await page.locator(".graphiql-query-editor").getByText("paymentCounts").first().waitFor();
    await page.getByRole("button", { name: /execute query/i }).click();
    await page.locator(".graphiql-response").getByText('"paymentCounts"').waitFor();
    expect(await page.locator(".graphiql-response").innerText()).not.toContain("Please log in");
    await context.close();
  });
});
