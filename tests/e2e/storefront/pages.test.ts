// Static pages (SPEC §2, §9): contact details from the store settings, returns policy, size chart.
import type { Browser } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";

let t: TestStore;
let browser: Browser;
const STORE = {
  STORE_NAME: "Mama Ngozi Thrift",
  STORE_PHONE: "+234 809 111 2233",
  STORE_WHATSAPP: "+234 809 111 4455",
  STORE_ADDRESS: "7 Market Street, Ota, Ogun State",
  STORE_INSTAGRAM_URL: "https://instagram.com/mamangozi.test",
  STORE_TIKTOK_URL: "https://tiktok.com/@mamangozi.test",
};
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ env: STORE })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

async function open(path: string, heading: string) {
  const shopper = await newShopper(browser, t.url);
  await shopper.page.goto(path);
  await pageReady(shopper.page); // the head is the page's own once it has run in the browser
  await shopper.page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  return shopper;
}

describe("static pages", () => {
  it("Contact shows the configured address, call link, WhatsApp, Instagram and TikTok links and the opening hours", async () => {
    const { page, context } = await open("/contact", "Contact Us");
    const main = page.locator("main");
    expect(await main.getByText(STORE.STORE_ADDRESS).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: `Call ${STORE.STORE_PHONE}` }).getAttribute("href")).toBe("tel:+2348091112233");
    expect(await main.getByRole("link", { name: "Chat on WhatsApp" }).getAttribute("href")).toBe("https://wa.me/2348091114455");
    expect(await main.getByRole("link", { name: "Instagram" }).getAttribute("href")).toBe(STORE.STORE_INSTAGRAM_URL);
    expect(await main.getByRole("link", { name: "TikTok" }).getAttribute("href")).toBe(STORE.STORE_TIKTOK_URL);
    const hours = (await main.locator(".hours div").allInnerTexts()).map((row) => row.replace(/\s+/g, " ").trim());
    expect(hours).toEqual(["Mon-Fri 9:00 AM-6:00 PM", "Sat 10:00 AM-4:00 PM", "Sun closed"]);
    expect(await page.title()).toBe(`Contact Us | ${STORE.STORE_NAME}`);
    await context.close();
  });

  it("Returns & Refunds states the 14-day window, 5-7 business day refunds, unworn with tags, and who pays return shipping", async () => {
    const { page, context } = await open("/returns", "Returns & Refunds");
    const text = await page.locator("main").innerText();
    expect(text).toContain("within 14 days of receiving it");
    expect(text).toContain("within 5-7 business days");
    expect(text).toContain("unworn, unwashed and returned with their tags attached");
    expect(text).toContain("Return shipping is paid by the customer, unless the error is ours");
    await context.close();
  });

  it("Size Chart lists XXS-XS to XXL against UK 4 to 16 (US, EU) with bust, waist, hips, inside leg and sleeve in inches, and the condition grades", async () => {
    const { page, context } = await open("/size-chart", "Size Chart");
    const table = page.getByRole("table").first();
    expect(await table.locator("thead th").allInnerTexts()).toEqual(["Size", "UK", "US", "EU", "Bust (in)", "Waist (in)", "Hips (in)", "Inside leg (in)", "Sleeve (in)"]);
    const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ["XXS-XS", "4"],
      ["XS", "6"],
      ["S", "8"],
      ["M", "10"],
      ["L", "12"],
      ["XL", "14"],
      ["XXL", "16"],
    ]);
    expect(rows.find((r) => r[0] === "XL")?.slice(1, 4)).toEqual(["14", "10", "42"]);
    for (const row of rows) expect(row.slice(2).every((cell) => /^\d+(\.\d)?(-\d+)?$/.test(cell ?? ""))).toBe(true);
    const grades = page.getByRole("heading", { name: "What our condition grades mean" });
    expect(await grades.isVisible()).toBe(true);
    expect(await page.locator(".condition-scale dt").allInnerTexts()).toEqual(["New with tags", "Like new", "Good", "Fair"]);
    await context.close();
  });

  it("About, Privacy and Terms have real copy with the store's name, and each its own title and canonical link", async () => {
    for (const [path, heading, phrase] of [
      ["/about", "About Us", "is a Nigerian thrift store"],
      ["/privacy", "Privacy Policy", "Nigeria Data Protection Act"],
      ["/terms", "Terms of Service", "governed by the laws of the Federal Republic of Nigeria"],
    ] as const) {
      const { page, context } = await open(path, heading);
      const text = await page.locator("main").innerText();
      expect(text).toContain(phrase);
      expect(text.length).toBeGreaterThan(800);
      expect(await page.title()).toBe(`${heading} | ${STORE.STORE_NAME}`);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${t.url}${path}`);
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(`${heading} | ${STORE.STORE_NAME}`);
      await context.close();
    }
  });

  it("the footer reaches every static page", async () => {
    const { page, context } = await open("/about", "About Us");
    const footer = page.locator("footer");
    for (const [label, heading] of [
      ["Returns & Refunds", "Returns & Refunds"],
      ["Privacy Policy", "Privacy Policy"],
      ["Terms of Service", "Terms of Service"],
      ["Contact", "Contact Us"],
    ] as const) {
      await footer.getByRole("link", { name: label, exact: true }).click();
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    }
    await context.close();
  });

  it("the home page has its own title, description, canonical and Open Graph tags", async () => {
    const { page, context } = await open("/", "Look great, feel great, pay less");
    expect(await page.title()).toBe(`${STORE.STORE_NAME} — look great, feel great, pay less`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${t.url}/`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/pre-loved clothing/);
    expect(await page.locator('meta[property="og:site_name"]').getAttribute("content")).toBe(STORE.STORE_NAME);
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("website");
    await context.close();
  });
});
