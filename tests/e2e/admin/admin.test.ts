// The shop owner's journeys through /admin in a real browser against a real store.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newShopper, toastShown } from "../../helpers/browser.ts";
import type { GraphQLClient, TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { makeOrder } from "../../api/admin-fixtures.ts";
import { pngImage } from "../../api/uploads-admin-files.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

/** A browser signed in with the session of an API client (same cookie). */
async function signedIn(client: GraphQLClient, options: { mobile?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const shopper = await newShopper(browser, t.url, { mobile: options.mobile ?? false });
  const [name, ...value] = client.cookie!.split("=");
  await shopper.context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  return shopper;
}

async function adminPage(tab?: string) {
  const shopper = await signedIn(await t.admin());
  await shopper.page.goto("/admin");
  await shopper.page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  if (tab) await shopper.page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
  return shopper;
}


describe("who may open the admin pages", () => {
  it("a customer opening /admin lands on /", async () => {
    const customer = t.client();
    await customer.signUp("curious@example.com");
    const { page, context } = await signedIn(customer);
    await page.goto("/admin");
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin/sections");
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("a guest opening /admin is sent to /auth", async () => {
    const { page, context } = await newShopper(browser, t.url);
    await page.goto("/admin");
    await page.waitForURL((url) => url.pathname === "/auth");
    await context.close();
  });
});

describe("products", () => {
  it("an admin creates a product with two uploaded images and sees it on the storefront; edits and deletes it", async () => {
    const { page, context } = await adminPage();
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Product" });
    await dialog.getByLabel("Name", { exact: true }).fill("Adire Wrap Skirt");
    expect(await dialog.getByLabel("Slug").inputValue()).toBe("adire-wrap-skirt");
    await dialog.getByLabel("Price (₦)", { exact: true }).fill("7500");
    await dialog.getByLabel("Original price (₦)").fill("9000");
    await dialog.getByLabel("Stock").fill("4");
    await dialog.getByLabel("Size").fill("M");
    await dialog.getByLabel("Category").selectOption({ label: "Ladies - Skirts" });
    await dialog.getByLabel("Images").setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: pngImage(20, 25, [200, 40, 40]) },
      { name: "back.png", mimeType: "image/png", buffer: pngImage(20, 25, [40, 40, 200]) },
    ]);
    await toastShown(page, "2 image(s) uploaded successfully!");
    expect(await dialog.getByRole("list", { name: "Product images" }).locator("img").count()).toBe(2);
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await toastShown(page, "Product added!");
    await page.locator(".admin-product__name", { hasText: "Adire Wrap Skirt" }).waitFor();

    const saved = await t.prisma.product.findUniqueOrThrow({ where: { slug: "adire-wrap-skirt" }, include: { category: true } });
    expect(saved.imageUrl).toMatch(/^\/uploads\/product-images\//);
    expect(saved.galleryUrls).toHaveLength(1);
    expect(saved.category?.name).toBe("Ladies - Skirts");

    // On the storefront, with both pictures.
    const shopper = await newShopper(browser, t.url);
    await shopper.page.goto("/products/adire-wrap-skirt");
    await shopper.page.getByRole("heading", { name: "Adire Wrap Skirt", level: 1 }).waitFor();
    expect(await shopper.page.getByRole("list", { name: "More pictures" }).locator("img").count()).toBe(2);
    expect(await shopper.page.locator(".product-detail .price__now").innerText()).toBe("₦7,500");

    // Edit the price.
    await page.getByRole("button", { name: "Edit Adire Wrap Skirt" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    expect(await edit.getByLabel("Name", { exact: true }).inputValue()).toBe("Adire Wrap Skirt");
    await edit.getByLabel("Price (₦)", { exact: true }).fill("6800");
    await edit.getByRole("button", { name: "Update Product" }).click();
    await toastShown(page, "Product updated!");
    await shopper.page.reload();
    await shopper.page.locator(".product-detail .price__now", { hasText: "₦6,800" }).waitFor();

    // Delete it after the confirm.
    let confirmText = "";
    page.once("dialog", (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await page.getByRole("button", { name: "Delete Adire Wrap Skirt" }).click();
    await toastShown(page, "Product deleted successfully!");
    expect(confirmText).toBe("This will permanently delete the product. Continue?");
    await page.locator(".admin-product__name", { hasText: "Adire Wrap Skirt" }).waitFor({ state: "detached" });
    await shopper.page.reload();
    await shopper.page.getByText("Product not found").first().waitFor();
    await shopper.context.close();
    await context.close();
  });
});

describe("orders", () => {
  it("an admin changes an unpaid order's status after confirming, and the shopper's tracker shows the new step", async () => {
    const product = await makeProduct(t.prisma, { name: "Kente Shirt", price: "5000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1, size: "L" }]);
    const shopper = await newShopper(browser, t.url);
    await shopper.page.goto(`/track-order/${order.shortOrderId}`);
    await shopper.page.getByRole("heading", { name: `Order ${order.shortOrderId}` }).waitFor();
    expect(await shopper.page.locator('.tracker-step[aria-current="step"]').count()).toBe(0);

    const { page, context } = await adminPage("Orders");
    const row = page.locator(`[data-order="${order.shortOrderId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain("Kente Shirt");
    // Unpaid: the admin is asked first (issue 26, item 3); Cancel keeps the order as it was.
    let asked = page.waitForEvent("dialog");
    await row.getByLabel("Status").selectOption("shipped");
    let dialog = await asked;
    expect(dialog.message()).toContain("This order is not paid yet (₦5,000 due)");
    await dialog.dismiss();
    await row.getByLabel("Status").and(page.locator(":enabled")).waitFor();
    expect(await row.getByLabel("Status").inputValue()).toBe("pending");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
    asked = page.waitForEvent("dialog");
    await row.getByLabel("Status").selectOption("shipped");
    dialog = await asked;
    await dialog.accept();
    await toastShown(page, "Order status updated to shipped");
    await row.getByText(/Tracking TRK-/).waitFor();
    // Its history reads as sentences in Lagos time (issue 26, item 16).
    await row.locator("summary", { hasText: "History" }).click();
    const history = row.getByRole("region", { name: "Order history" });
    await history.getByText(/Status Pending → Shipped; tracking number .*TRK-.*moved on unpaid, as the admin confirmed\./).waitFor();
    expect(await history.innerText()).toMatch(/\(Lagos time\)/);
    expect(await history.innerText()).not.toMatch(/[{}"]|\d{4}-\d\d-\d\dT|[\da-f]{8}-[\da-f]{4}-/);

    await shopper.page.reload();
    await shopper.page.locator('.tracker-step[aria-current="step"]', { hasText: "Shipped" }).waitFor();
    expect(await shopper.page.locator(".tracker-step.is-done").count()).toBe(2);
    await shopper.context.close();
    await context.close();
  });

  it("an admin deletes an order after the confirm; its items go with it; the status email shows in the outbox", async () => {
    const product = await makeProduct(t.prisma, { name: "Agbada Set", price: "5000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }], { email: "outbox-view@example.com" });
    const { page, context } = await adminPage("Orders");
    const row = page.locator(`[data-order="${order.shortOrderId}"]`);
    await row.getByLabel("Status").selectOption("confirmed");
    await toastShown(page, "Order status updated to confirmed");

    await page.getByRole("tab", { name: /^Emails/ }).click();
    const email = page.getByRole("row", { name: new RegExp(`outbox-view@example.com.*Order ${order.shortOrderId}: Confirmed.*not sent: no SMTP configured`) });
    await email.waitFor();

    await page.getByRole("tab", { name: /^Orders/ }).click();
    let confirmText = "";
    page.once("dialog", (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await page.getByRole("button", { name: `Delete order ${order.shortOrderId}` }).click();
    await toastShown(page, "Order deleted successfully");
    expect(confirmText).toBe("Are you sure you want to delete this order?");
    await row.waitFor({ state: "detached" });
    expect(await t.prisma.orderItem.count({ where: { orderId: order.id } })).toBe(0);
    await context.close();
  });

  it("an admin filters orders by month and by size", async () => {
    const product = await makeProduct(t.prisma, { stock: 20, price: "5000" });
    const jan = await makeOrder(t.prisma, [{ product, quantity: 1, size: "XXL" }], { createdAt: new Date("2024-01-15T10:00:00Z") });
    const janSmall = await makeOrder(t.prisma, [{ product, quantity: 1, size: "S" }], { createdAt: new Date("2024-01-20T10:00:00Z") });
    const feb = await makeOrder(t.prisma, [{ product, quantity: 1, size: "xxl" }], { createdAt: new Date("2024-02-03T10:00:00Z") });
    const { page, context } = await adminPage("Orders");
    const shown = () => page.locator("[data-testid=admin-order]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-order")));

    await page.getByLabel("Month").fill("2024-01");
    await page.waitForFunction((ids) => {
      const rows = [...document.querySelectorAll("[data-testid=admin-order]")].map((r) => r.getAttribute("data-order"));
      return rows.length === 2 && ids.every((id) => rows.includes(id));
    }, [jan.shortOrderId, janSmall.shortOrderId]);

    await page.getByLabel("Size").fill("xxl");
    await page.waitForFunction((id) => {
      const rows = [...document.querySelectorAll("[data-testid=admin-order]")].map((r) => r.getAttribute("data-order"));
      return rows.length === 1 && rows[0] === id;
    }, jan.shortOrderId);

    await page.getByLabel("Month").fill("");
    await page.waitForFunction((ids) => {
      const rows = [...document.querySelectorAll("[data-testid=admin-order]")].map((r) => r.getAttribute("data-order"));
      return ids.every((id) => rows.includes(id)) && rows.length >= 2;
    }, [jan.shortOrderId, feb.shortOrderId]);
    expect(await shown()).not.toContain(janSmall.shortOrderId);
    await context.close();
  });
});

describe("homepage and reviews", () => {
  it("an admin adds a homepage section and sees it on /", async () => {
    const { page, context } = await adminPage();
    await page.getByRole("link", { name: "Manage Homepage" }).click();
    await page.getByRole("heading", { name: "Homepage Management" }).waitFor();
    await page.getByRole("button", { name: "Add Section" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Section" });
    expect(await dialog.getByLabel("Section type").inputValue()).toBe("latest");
    expect(await dialog.getByLabel("Active").isChecked()).toBe(true);
    await dialog.getByLabel("Title").fill("Weekend Picks");
    await dialog.getByLabel("Description").fill("Hand-picked for Saturday");
    await dialog.getByLabel("Display order").fill("-100");
    await dialog.getByRole("button", { name: "Add Section" }).click();
    await toastShown(page, "Section added!");
    await page.locator("[data-testid=admin-section]", { hasText: "Weekend Picks" }).waitFor();

    const shopper = await newShopper(browser, t.url);
    await shopper.page.goto("/");
    await shopper.page.getByRole("heading", { name: "Weekend Picks" }).waitFor();
    await shopper.page.getByText("Hand-picked for Saturday").waitFor();
    await shopper.context.close();

    // The back arrow returns to the dashboard.
    await page.getByRole("link", { name: "Back to Admin Dashboard" }).click();
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await context.close();
  });

  it("an empty section title is refused with the error shown", async () => {
    const shopper = await signedIn(await t.admin());
    await shopper.page.goto("/admin/sections");
    await shopper.page.getByRole("button", { name: "Add Section" }).click();
    await shopper.page.getByRole("dialog", { name: "Add Section" }).getByRole("button", { name: "Add Section" }).click();
    await toastShown(shopper.page, "Title is required");
    await shopper.context.close();
  });

  it("an admin adds and deletes a review", async () => {
    const { page, context } = await adminPage("Reviews");
    await page.getByRole("button", { name: "Add Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Review" });
    expect(await dialog.getByLabel("Rating").inputValue()).toBe("5");
    expect(await dialog.getByLabel("Featured on the home page").isChecked()).toBe(true);
    await dialog.getByLabel("Customer name").fill("Funke Adeyemi");
    await dialog.getByLabel("Review").fill("Great quality thrift, fast delivery to Abeokuta!");
    await dialog.getByLabel("Rating").selectOption("4");
    await dialog.getByRole("button", { name: "Add Review" }).click();
    await toastShown(page, "Review added!");
    const row = page.locator("[data-testid=admin-review]", { hasText: "Funke Adeyemi" });
    await row.waitFor();
    expect(await row.getByLabel("4 out of 5 stars").count()).toBe(1);

    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Delete review by Funke Adeyemi" }).click();
    await toastShown(page, "Review deleted!");
    await row.waitFor({ state: "detached" });
    expect(await t.prisma.customerReview.count({ where: { customerName: "Funke Adeyemi" } })).toBe(0);
    await context.close();
  });
});
