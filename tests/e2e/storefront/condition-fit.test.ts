// Condition and fit in a real browser (issue 15): a shopper narrows /products by condition (kept in
// the URL), reads a product's grade, flaws and measurements in inches (remembered on the next visit)
// with the size-chart hint; an admin grades and measures a product in the product dialog.
import type { Browser, Page } from "playwright-core";
import { newShopper, toastShown } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { pngImage } from "../../api/uploads-admin-files.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));


describe("a shopper chooses by condition and fit", () => {
  it("choosing Like new on /products lists only like-new items, says so on each card and keeps it in the URL", async () => {
    const likeNew = await t.prisma.product.count({ where: { condition: "like_new" } });
    expect(likeNew).toBeGreaterThan(2);
    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/products");
    await page.locator(".product-card").first().waitFor();
    await page.getByLabel("Condition").selectOption({ label: "Like new" });
    await page.waitForURL(/[?&]condition=like_new/);
    await page.getByText(`of ${likeNew} products`).waitFor();
    const shown = Math.min(likeNew, 24);
    await page.waitForFunction((n) => document.querySelectorAll(".product-card").length === n, shown);
    // Each card names its grade under the size (the server sends the grade's name).
    const cardLines = await page.locator(".product-card").evaluateAll((cards) => cards.map((card) => [...card.querySelectorAll("p")].map((p) => p.textContent)));
    expect(cardLines.every((lines) => lines.includes("Like new"))).toBe(true);

    // A shared link opens on the same choice.
    const shared = await newShopper(browser, t.url);
    await shared.page.goto(page.url());
    await shared.page.getByText(`of ${likeNew} products`).waitFor();
    expect(await shared.page.getByLabel("Condition").inputValue()).toBe("like_new");
    await shared.context.close();
    await context.close();
  });

  it("a product page shows the grade, flaws and measurements; inches are chosen once and remembered", async () => {
    const product = await t.prisma.product.findFirstOrThrow({ where: { name: "Silk Satin Button-Down Shirt" } });
    const { page, context } = await newShopper(browser, t.url);
    await page.goto(`/products/${product.slug}`);
    await page.getByRole("heading", { name: product.name, level: 1 }).waitFor();
    expect(await page.locator(".product-fit__condition").innerText()).toBe("Condition: Good Gently worn: light signs of wear such as slight fading; no holes or stains.");
    const flaws = page.getByRole("region", { name: "Flaws" });
    expect(await flaws.innerText()).toContain("Faint wear on both cuffs.");

    const measurements = page.getByRole("region", { name: "Measurements" });
    expect(await measurements.locator("dd").first().innerText()).toBe("53 cm");
    expect(await measurements.innerText()).toContain("Pit to pit 53 cm ≈ chest 106 cm: about UK 14 / US 10 / EU 42 on our ladies' size chart");
    await measurements.getByRole("button", { name: "Inches" }).click();
    expect(await measurements.locator("dd").allInnerTexts()).toEqual(["20.9 in", "27.6 in", "16.5 in", "23.6 in"]);
    expect(await measurements.innerText()).toContain("Pit to pit 20.9 in ≈ chest 41.7 in: about UK 14 / US 10 / EU 42");
    expect(await measurements.getByRole("button", { name: "Inches" }).getAttribute("aria-pressed")).toBe("true");

    // Another product, after a reload: still in inches.
    const jeans = await t.prisma.product.findFirstOrThrow({ where: { name: "Levi's 501 Straight Jeans" } });
    await page.goto(`/products/${jeans.slug}`);
    await page.getByRole("heading", { name: jeans.name, level: 1 }).waitFor();
    await page.getByText("16.5 in").first().waitFor(); // waist 42 cm laid flat
    expect(await page.getByRole("region", { name: "Measurements" }).innerText()).toContain("Inseam");
    await context.close();
  });

  it("a bale's page says what is in it", async () => {
    const bale = await t.prisma.product.findFirstOrThrow({ where: { name: "Men's Jeans Bale (25 pcs)" } });
    const { page, context } = await newShopper(browser, t.url);
    await page.goto(`/products/${bale.slug}`);
    const details = page.getByRole("region", { name: "In this bale" });
    await details.waitFor();
    expect(await details.locator("dd").allInnerTexts()).toEqual(["25", "20 kg", "Grade A", "men's jeans, waist 30–38, mixed washes"]);
    await context.close();
  });
});

describe("an admin grades and measures", () => {
  it("sets the grade and measurements in the dialog; a bad measurement is refused with its message and nothing changes", async () => {
    const product = await t.prisma.product.create({ data: { name: "Ungraded Denim Jacket", slug: "ungraded-denim-jacket", price: 9000, stock: 1 } });
    const admin = await t.admin();
    const { page, context } = await newShopper(browser, t.url, { mobile: false });
    const [name, ...value] = admin.cookie!.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Edit Ungraded Denim Jacket" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Product" });
    await dialog.getByLabel("Condition").selectOption("like_new");
    await dialog.getByLabel("Flaw notes").fill("Tiny mark inside the collar");
    await dialog.getByLabel("Pit to pit").fill("-5");
    await dialog.getByRole("button", { name: "Update Product" }).click();
    await toastShown(page, "Pit to pit must be centimetres between 1 and 250, e.g. 52 or 52.5");
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).condition).toBeNull();

    await dialog.getByLabel("Flaw photos").setInputFiles([{ name: "collar.png", mimeType: "image/png", buffer: pngImage(20, 25, [200, 40, 40]) }]);
    await toastShown(page, "1 flaw photo(s) uploaded");
    expect(await dialog.getByRole("list", { name: "Flaw photos" }).locator("img").count()).toBe(1);
    await dialog.getByLabel("Pit to pit").fill("55,5");
    await dialog.getByLabel("Length").fill("64");
    await dialog.getByRole("button", { name: "Update Product" }).click();
    await toastShown(page, "Product updated!");
    const saved = await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect([saved.condition, saved.flawNotes, saved.pitToPitCm?.toFixed(1), saved.lengthCm?.toFixed(1), saved.sleeveCm]).toEqual([
      "like_new",
      "Tiny mark inside the collar",
      "55.5",
      "64.0",
      null,
    ]);
    expect(saved.flawPhotoUrls).toEqual([expect.stringMatching(/^\/uploads\/product-images\//)]);
    expect(saved.imageUrl).toBeNull(); // apart from the gallery

    // The shopper sees the close-up under Flaws, not in the gallery.
    const shopper = await newShopper(browser, t.url);
    await shopper.page.goto(`/products/${saved.slug}`);
    const flaws = shopper.page.getByRole("region", { name: "Flaws" });
    await flaws.waitFor();
    expect(await flaws.locator("img").getAttribute("alt")).toBe("Ungraded Denim Jacket, flaw 1");
    expect(await flaws.innerText()).toContain("Tiny mark inside the collar");
    expect(await shopper.page.locator(".product-fit__condition").innerText()).toContain("Condition: Like new");
    await shopper.context.close();
    await context.close();
  });
});
