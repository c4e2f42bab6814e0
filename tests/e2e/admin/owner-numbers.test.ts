// The owner reads the dashboard's figures and lists a bale from a CSV file, in a real browser.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopper } from "../../helpers/browser.ts";
import { startTestStore, type TestStore } from "../../helpers/store.ts";
import { makeCategory, makeListedProduct, placeOrder } from "../../api/owner-fixtures.ts";

let t: TestStore;
let browser: Browser;
let dir: string;
beforeAll(async () => {
  [t, browser] = await Promise.all([startTestStore({ seed: false }), launchBrowser()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-csv-"));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function adminDashboard(): Promise<{ page: Page; close(): Promise<void> }> {
  const admin = await t.admin();
  const { context, page } = await newShopper(browser, t.url, { mobile: false });
  const [name, ...value] = admin.cookie!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  return { page, close: () => context.close() };
}

function csvFile(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join("\n"));
  return file;
}

it("the dashboard opens on the figures: today's paid sales, money awaiting payment and holds ending soon", async () => {
  const category = await makeCategory(t.prisma, "Ladies - Tops");
  const blouse = await makeListedProduct(t.prisma, { price: "12500.50", stock: 1, categoryId: category.id, createdAt: new Date(Date.now() - 3 * 86_400_000) });
  const skirt = await makeListedProduct(t.prisma, { price: "4000.25", stock: 0, categoryId: category.id, createdAt: new Date(Date.now() - 86_400_000) });
  const now = Date.now();
  await placeOrder(t.prisma, { paymentStatus: "paid", lines: [{ product: blouse, quantity: 1 }], total: "12500.50", createdAt: new Date(now - 2000), paidAt: new Date(now - 1000) });
  await placeOrder(t.prisma, { lines: [{ product: skirt, quantity: 1 }], total: "4000.25", createdAt: new Date(now - 1000), holdExpiresAt: new Date(now + 2 * 3_600_000) });

  const { page, close } = await adminDashboard();
  const figures = page.getByRole("region", { name: "Your numbers" });
  // The tables are the charts' data view, folded under them.
  await figures.getByText("Table: sales by period and by day").click();
  await figures.getByText("Table: categories, last 30 days").click();
  const sales = figures.getByRole("row", { name: /^Paid sales/ });
  // Today, 7 days and 30 days all hold the one sale made a second ago.
  await sales.waitFor();
  expect(await sales.getByRole("cell").allTextContents()).toEqual(["₦12,500.50", "₦12,500.50", "₦12,500.50"]);
  await figures.getByText("Awaiting payment: 1 order, ₦4,000.25").waitFor();
  await figures.getByText("Holds ending within 6 hours: 1 order, ₦4,000.25").waitFor();
  const tops = figures.getByRole("row", { name: new RegExp(`^${category.name}`) });
  // 1 sold, 1 in stock (the skirt is held by the unpaid order, so in neither): 50%.
  await tops.waitFor();
  expect(await tops.getByRole("cell").allTextContents()).toEqual(["1", "1", "50.0%", "3.0"]);
  await close();
});

it("the owner checks a CSV (every bad row reported, nothing listed), fixes it and imports the bale", async () => {
  const category = await makeCategory(t.prisma, "Bales");
  const { page, close } = await adminDashboard();
  await page.getByText("Import and export (CSV)").click();
  const bad = csvFile("bad.csv", [
    "name,category,price,size,stock,description",
    `Bale blouse,${category.slug},"12,500",M,1,Silk`,
    "Bale skirt,no-such-category,8000,S,1,",
    `Bale jacket,${category.slug},lots,L,1,`,
  ]);
  await page.getByLabel("CSV file of products").setInputFiles(bad);
  await page.getByRole("button", { name: "Check file" }).click();
  await page.getByText("2 of 3 rows need fixing (1 fine); the file is taken whole, so nothing was imported.").waitFor();
  expect(await page.locator(".csv-tools__problems li").allTextContents()).toEqual([
    'Line 3: Unknown category "no-such-category"',
    'Line 4: Price must be an amount of naira (e.g. 12,500 or 12,500.50)',
  ]);
  expect(await page.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);

  const good = csvFile("good.csv", [
    "name,category,price,size,stock,description",
    `Bale blouse,${category.slug},"12,500",M,1,Silk`,
    `Bale skirt,${category.slug},8000,S,1,`,
    `Bale jacket,${category.slug},"₦45,000",L,1,`,
  ]);
  await page.getByLabel("CSV file of products").setInputFiles(good);
  await page.getByRole("button", { name: "Check file" }).click();
  await page.getByText("All 3 rows are ready to import.").waitFor();
  expect(await t.prisma.product.count({ where: { categoryId: category.id } })).toBe(0);
  await page.getByRole("button", { name: "Import 3 products" }).click();
  await page.getByText("Imported 3 products.").waitFor();
  const listed = await t.prisma.product.findMany({ where: { categoryId: category.id }, orderBy: { price: "asc" } });
  expect(listed.map((p) => [p.name, p.price.toFixed(2)])).toEqual([
    ["Bale skirt", "8000.00"],
    ["Bale blouse", "12500.00"],
    ["Bale jacket", "45000.00"],
  ]);
  // The figures refresh: the new category shows its 3 units in stock, none sold.
  await page.getByText("Table: categories, last 30 days").click();
  const bales = page.getByRole("region", { name: "Your numbers" }).getByRole("row", { name: new RegExp(`^${category.name}`) });
  await bales.waitFor();
  expect(await bales.getByRole("cell").allTextContents()).toEqual(["0", "3", "0.0%", "—"]);
  await close();
});

it("the tabs appear where they stay: the figures arriving above never push 'Add Product' down under a finger", async () => {
  const admin = await t.admin();
  const { context, page } = await newShopper(browser, t.url, { mobile: false });
  const [name, ...value] = admin.cookie!.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  // The figures' answer comes a second late, as on a slow network or a busy shop.
  await page.route("**/graphql", async (route) => {
    if (/OwnerFigures/.test(route.request().postData() ?? "")) await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto("/admin");
  const addProduct = page.getByRole("button", { name: "Add Product" });
  await addProduct.waitFor();
  const first = await addProduct.boundingBox();
  await page.getByTestId("net-sales").waitFor();
  expect(await addProduct.boundingBox()).toEqual(first);
  await context.close();
});
