// The owner's month as a picture on a phone (issue 41): the sales chart has its name and this week
// against last week in words, a tap or the keyboard shows a day and its amount, the tables are
// folded under the charts, categories and channels are bars with their figures in words, nothing
// scrolls sideways at 390 px, and axe finds nothing on the dashboard.
import { createRequire } from "node:module";
import fs from "node:fs";
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { makeCategory, makeListedProduct, placeOrder, refunded } from "../../api/owner-fixtures.ts";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const DAY = 86_400_000;

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("on a 390 px phone the sales chart is named, says the week in words, shows a tapped or focused day, and passes axe", async () => {
  const category = await makeCategory(t.prisma, "Ladies - Tops");
  const blouse = await makeListedProduct(t.prisma, { price: "5000.00", stock: 2, categoryId: category.id, createdAt: new Date(Date.now() - 20 * DAY) });
  const now = Date.now();
  // Whole days back from now are whole Lagos days back: today and yesterday are this week, 8 days ago last week.
  const sale = (total: string, daysAgo: number, amountPaid = total) =>
    placeOrder(t.prisma, { paymentStatus: "paid", lines: [{ product: blouse, quantity: 1 }], total, amountPaid, createdAt: new Date(now - daysAgo * DAY - 60_000), paidAt: new Date(now - daysAgo * DAY) });
  await sale("5000.00", 0);
  await sale("7000.00", 1);
  // ₦2,000 of it refunded by transfer today: net sales drop today, paid sales stay.
  const refundedSale = await sale("10000.00", 8, "8000.00");
  await refunded(t.prisma, refundedSale.id, [{ amount: "2000.00", status: "processed", settledAt: new Date(now - 30_000) }]);
  // Taken on WhatsApp today, not paid yet: an order placed, no sale.
  await placeOrder(t.prisma, { channel: "whatsapp", lines: [{ product: blouse, quantity: 1 }], total: "5000.00", createdAt: new Date(now - 30_000) });

  const { page, context } = await newShopper(browser, t.url);
  const admin = await t.admin();
  const [name, ...value] = admin.cookie!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  await page.goto("/admin");

  const chart = page.getByRole("figure", { name: "Paid sales per day" });
  await chart.waitFor();
  expect(await chart.getByTestId("sales-trend").innerText()).toBe("₦12,000 this week, up 20% on last week");
  expect(await page.getByTestId("net-sales").innerText()).toBe("Last 30 days: ₦22,000 paid sales − ₦2,000 refunds = ₦20,000 net sales");
  // Today is chosen first; a tap on the bar before it shows yesterday, arrow keys move on from there.
  const readout = chart.getByTestId("sales-readout");
  expect(await readout.innerText()).toMatch(/^\w{3} \d{1,2} \w{3}: ₦5,000, 1 paid order, ₦2,000 refunded$/);
  const days = chart.getByRole("img");
  expect(await days.count()).toBe(30);
  await days.nth(28).tap();
  await page.waitForFunction(() => /₦7,000, 1 paid order$/.test(document.querySelector("[data-testid=sales-readout]")!.textContent!));
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(await readout.innerText());
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => /₦0, 0 paid orders$/.test(document.querySelector("[data-testid=sales-readout]")!.textContent!));
  await page.keyboard.press("End");
  await page.waitForFunction(() => /₦5,000, 1 paid order, ₦2,000 refunded$/.test(document.querySelector("[data-testid=sales-readout]")!.textContent!));

  // The data view: folded until asked for, then the same numbers as the chart.
  const byDay = chart.getByRole("table", { name: "Sales and orders by Lagos day, oldest first" });
  expect(await byDay.isVisible()).toBe(false);
  await chart.getByText("Table: sales by period and by day").click();
  expect(await byDay.getByRole("row").count()).toBe(31);
  expect(await byDay.getByRole("row").last().getByRole("cell").allTextContents()).toEqual(["₦5,000", "1", "2"]);

  const sellThrough = page.getByRole("figure", { name: "Sell-through by category, last 30 days" });
  // The row says in words what its bar draws.
  const tops = sellThrough.getByRole("listitem");
  await tops.waitFor();
  expect((await tops.textContent())!.replace(/\s+/g, " ")).toBe(`${category.name}60.0% · 3 sold, 2 in stock`);

  const byChannel = page.getByRole("figure", { name: "Orders by channel, last 30 days" });
  expect((await byChannel.getByRole("listitem").allTextContents()).map((text) => text.replace(/\s+/g, " "))).toEqual([
    "Web store3 orders · ₦22,000 paid",
    "WhatsApp1 order · ₦0 paid",
  ]);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.evaluate(AXE);
  const axe = await page.evaluate(async () => {
    type Rule = { id: string; nodes: { target: string[] }[] };
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<{ violations: Rule[]; passes: Rule[] }> } };
    const results = await axe.run(document);
    return {
      violations: results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) })),
      passes: results.passes.map((p) => p.id),
    };
  });
  // The rules that read the charts ran: names of the bars, contrast, roles.
  expect(axe.passes).toEqual(expect.arrayContaining(["svg-img-alt", "color-contrast", "aria-allowed-role", "summary-name"]));
  expect(axe.violations).toEqual([]);
  await context.close();
});
