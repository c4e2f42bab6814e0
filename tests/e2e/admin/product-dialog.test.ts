// The product dialog in a real browser: prices read as a Nigerian admin types them, and pictures
// are added, removed and reordered without losing the others.
import type { Browser, Page } from "playwright-core";
import { newShopper, toastShown } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { pngImage } from "../../api/uploads-admin-files.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

async function adminPage() {
  const admin = await t.admin();
  const shopper = await newShopper(browser, t.url, { mobile: false });
  const [name, ...value] = admin.cookie!.split("=");
  await shopper.context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  await shopper.page.goto("/admin");
  await shopper.page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  return shopper;
}


describe("price entry", () => {
  it("12,500 typed in the dialog saves a ₦12,500 product; 12.500 is refused with a message", async () => {
    const { page, context } = await adminPage();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Product" });
    await dialog.getByLabel("Name", { exact: true }).fill("Ankara Mermaid Gown");
    await dialog.getByLabel("Stock").fill("2");

    await dialog.getByLabel("Price (₦)", { exact: true }).fill("12.500");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await toastShown(page, 'Price "12.500" is unclear: use a comma between thousands and a dot only before kobo');
    expect(await t.prisma.product.count()).toBe(0);

    await dialog.getByLabel("Price (₦)", { exact: true }).fill("12,500");
    await dialog.getByLabel("Original price (₦)").fill("₦18,000");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await toastShown(page, "Product added!");
    const saved = await t.prisma.product.findUniqueOrThrow({ where: { slug: "ankara-mermaid-gown" } });
    expect(saved.price.toFixed(2)).toBe("12500.00");
    expect(saved.originalPrice?.toFixed(2)).toBe("18000.00");
    await page.locator(".admin-product", { hasText: "Ankara Mermaid Gown" }).getByText("₦12,500").first().waitFor();
    await context.close();
  });
});

describe("pictures", () => {
  it("uploading one more picture while editing adds it; pictures can be removed or made main; the order shown is saved", async () => {
    const product = await t.prisma.product.create({
      data: {
        name: "Three Picture Blouse",
        slug: "three-picture-blouse",
        price: 4000,
        stock: 1,
        imageUrl: "/images/demo/blouse.svg",
        galleryUrls: ["/images/demo/skirt.svg", "/images/demo/gown.svg"],
      },
    });
    const { page, context } = await adminPage();
    await page.getByRole("button", { name: "Edit Three Picture Blouse" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Product" });
    const thumbs = dialog.getByRole("list", { name: "Product images" }).locator("img");
    const sources = () => thumbs.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    expect(await sources()).toEqual(["/images/demo/blouse.svg", "/images/demo/skirt.svg", "/images/demo/gown.svg"]);

    await dialog.getByLabel("Images", { exact: true }).setInputFiles([{ name: "side.png", mimeType: "image/png", buffer: pngImage(20, 25, [10, 160, 60]) }]);
    await toastShown(page, "1 image(s) uploaded successfully!");
    const afterUpload = await sources();
    expect(afterUpload).toHaveLength(4);
    expect(afterUpload.slice(0, 3)).toEqual(["/images/demo/blouse.svg", "/images/demo/skirt.svg", "/images/demo/gown.svg"]);
    const uploaded = afterUpload[3]!;
    expect(uploaded).toMatch(/^\/uploads\/product-images\//);

    // The new picture becomes the main one; the skirt picture goes.
    await dialog.getByRole("button", { name: "Make image 4 the main image" }).click();
    expect(await sources()).toEqual([uploaded, "/images/demo/blouse.svg", "/images/demo/skirt.svg", "/images/demo/gown.svg"]);
    expect(await thumbs.first().getAttribute("alt")).toBe("Main image");
    await dialog.getByRole("button", { name: "Remove image 3" }).click();
    const shown = await sources();
    expect(shown).toEqual([uploaded, "/images/demo/blouse.svg", "/images/demo/gown.svg"]);

    await dialog.getByRole("button", { name: "Update Product" }).click();
    await toastShown(page, "Product updated!");
    const saved = await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect([saved.imageUrl, ...saved.galleryUrls]).toEqual(shown);
    await context.close();
  });
});
