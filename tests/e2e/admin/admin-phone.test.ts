// The admin on a phone (issue 11, item 12): no admin page is wider than a 360 px screen, and the
// chosen tab lives in the address, so reload and Back keep it.
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopper } from "../../helpers/browser.ts";
import { startTestStore, type TestStore } from "../../helpers/store.ts";
import { makeOrder } from "../../api/admin-fixtures.ts";
import { makeProduct } from "../../helpers/fixtures.ts";
import { createTestOrder } from "../../helpers/orders.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => {
  [t, browser] = await Promise.all([startTestStore(), launchBrowser()]);
  const product = await makeProduct(t.prisma, { name: "Vintage Ankara Wrap Dress With Long Name", price: "5500", stock: 5 });
  await makeOrder(t.prisma, [{ product, quantity: 1, size: "M" }], { email: "chinwenduokonkwoadebayo.thriftlover@longdomainexample.com" });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function adminOnPhone() {
  const shopper = await newShopper(browser, t.url, { viewport: { width: 360, height: 740 } });
  const admin = await t.admin();
  const [name, ...value] = admin.cookie!.split("=");
  await shopper.context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  return shopper;
}

/** The dashboard with its counts in. They used to widen the tab labels as they arrived ("Users" to
 *  "Users (2)"), so a click could land between two tabs (CI of 8f4c8b5); they now sit in a badge
 *  that takes no room ("the dashboard's counts" below), and this wait stays for the counts' sake. */
async function dashboardReady(page: Page) {
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await page.getByRole("tab", { name: /^Users \(\d+\)$/ }).waitFor();
}

/** Each tab's left edge and width on the screen. */
const tabBoxes = (page: Page) => page.getByRole("tab").evaluateAll((tabs) => tabs.map((tab) => [Math.round(tab.getBoundingClientRect().x), Math.round(tab.getBoundingClientRect().width)]));

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const selectedTab = (page: Page) => page.getByRole("tab", { selected: true }).innerText();

describe("admin at 360 px", () => {
  it("no tab and not /admin/sections is wider than the screen; the order total shows whole", async () => {
    const { page, context } = await adminOnPhone();
    await page.goto("/admin");
    await dashboardReady(page);
    for (const tab of ["Products", "Orders", "Users", "Reviews", "Payments", "Delivery", "Emails"]) {
      await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
      await page.getByRole("tabpanel").locator(":scope > *").first().waitFor();
      await page.waitForLoadState("networkidle");
      // A state fee row is the widest part of the Delivery tab.
      if (tab === "Delivery") await page.getByRole("button", { name: "Add a state fee" }).click();
      expect({ tab, width: await pageWidth(page) }).toEqual({ tab, width: 360 });
      if (tab === "Orders") {
        const total = page.locator(".admin-order__total").first();
        expect(await total.innerText()).toBe("₦5,500");
        const box = (await total.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
    }
    await page.goto("/admin/sections");
    await page.getByRole("heading", { name: "Homepage Management" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await context.close();
  });
});

describe("the dashboard's counts", () => {
  it("arrive without moving a tab (a tap pressed before them lands where it is released)", async () => {
    const { page, context } = await adminOnPhone();
    // Held until the tabs are measured without them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/graphql/, async (route) => {
      const request = route.request();
      if (`${request.url()} ${request.postData() ?? ""}`.includes("AdminDashboardCounts")) await held;
      await route.fallback();
    });
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Users" }).waitFor();
    const before = await tabBoxes(page);
    release();
    await page.getByRole("tab", { name: /^Users \(\d+\)$/ }).waitFor();
    expect(await tabBoxes(page)).toEqual(before);
    await context.close();
  });
});

describe("the chosen admin tab is in the address", () => {
  it("choosing Orders puts it in the URL; reload keeps it; Back returns to the previous tab", async () => {
    const { page, context } = await adminOnPhone();
    await page.goto("/admin");
    await dashboardReady(page);
    expect(await selectedTab(page)).toMatch(/^Products/);
    await page.getByRole("tab", { name: /^Orders/ }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "orders");
    await page.reload();
    await dashboardReady(page);
    expect(await selectedTab(page)).toMatch(/^Orders/);
    await page.locator('[data-testid="admin-order"]').first().waitFor();
    await page.getByRole("tab", { name: /^Users/ }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "users");
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("tab") === "orders");
    expect(await selectedTab(page)).toMatch(/^Orders/);
    // A shared address opens on its tab.
    await page.goto("/admin?tab=emails");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    expect(await selectedTab(page)).toMatch(/^Emails/);
    await context.close();
  });
});

describe("a transfer that came without a receipt (issue 26, item 2)", () => {
  it("on a 390 px phone the Payments tab lists it with amount, reference and time left, and Mark as paid records it", async () => {
    const order = await createTestOrder(t.prisma, { holdExpiresAt: new Date(Date.now() + 5 * 3600_000), phone: "+2347065551212" });
    const { page, context } = await adminOnPhone();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin?tab=payments");
    const card = page.getByRole("listitem", { name: `Order ${order.shortOrderId}` });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain("₦15,000");
    expect(text).toMatch(/4 h 5\d min left/);
    expect(text).toContain("+234 706 555 1212");
    await card.getByLabel("Bank transaction reference (optional)").fill("FT26NOV0001");
    page.once("dialog", (dialog) => void dialog.accept());
    const button = card.getByRole("button", { name: "Mark as paid" });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await pageWidth(page)).toBe(390);
    await button.click();
    await card.waitFor({ state: "detached" });
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([stored.paymentStatus, stored.status, stored.bankReference]).toEqual(["paid", "confirmed", "FT26NOV0001"]);
    await context.close();
  });
});

describe("the admin's layout (issue 26, item 19)", () => {
  it("at 1280 px (and 1200, 1024) the shop's name shows whole, the menu keeps to one line, nothing past the screen", async () => {
    const { page, context } = await adminOnPhone();
    for (const width of [1280, 1200, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
      // The full menu where it fits; the menu button below that.
      if (width >= 1200) await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).waitFor();
      const logo = await page.locator(".nav-bar .logo__text").evaluate((el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth }));
      expect({ width, logo }).toEqual({ width, logo: { text: logo.text, cut: false } });
      const middles = await page.locator(".nav-bar .main-nav > *, .nav-bar__actions > *").evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).filter((box) => box.width > 0).map((box) => Math.round(box.top + box.height / 2)),
      );
      expect({ width, lines: new Set(middles).size }).toEqual({ width, lines: 1 });
      expect(await pageWidth(page)).toBe(width);
    }
    await context.close();
  });

  it("on a phone Manage Homepage stands clear of Your numbers, and the periods fit the screen", async () => {
    const { page, context } = await adminOnPhone();
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Your numbers" }).waitFor();
    const button = (await page.getByRole("link", { name: "Manage Homepage" }).boundingBox())!;
    const heading = (await page.getByRole("heading", { name: "Your numbers" }).boundingBox())!;
    expect(heading.y - (button.y + button.height)).toBeGreaterThanOrEqual(8);
    // The period, day and channel tables, folded under their charts (issue 41), fit too once unfolded.
    await page.getByText("Table: sales by period and by day").click();
    await page.getByText("Table: sales by channel").click();
    const tables = page.locator(".owner-figures__table");
    await tables.first().getByRole("columnheader", { name: "Last 30 days" }).waitFor();
    const wraps = await tables.evaluateAll((all) => all.map((table) => [table.getAttribute("data-testid") ?? table.querySelector("caption")!.textContent, table.scrollWidth <= table.parentElement!.clientWidth]));
    expect(wraps).toEqual([
      ["Sales and orders by period (Lagos days)", true],
      ["Sales and orders by Lagos day, oldest first", true],
      ["channel-figures", true],
    ]);
    await context.close();
  });
});
