// A shopper signs up, logs out, fills a guest cart, logs in (the cart merges), checks out from the
// server cart, manages the profile and avatar on /account and logs out.
import type { Browser, Page } from "playwright-core";
import { newShopper, toastShown } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { PNG_1PX } from "../../helpers/images.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));


const EMAIL = "kemi.customer@example.ng";
const PASSWORD = "ankara-2026";

describe("a customer's journey with an account", () => {
  it("sign-up validation, sign-up, logout, guest cart merge at login, checkout, account, profile, avatar, logout", async () => {
    const category = await t.prisma.category.findFirstOrThrow({ where: { slug: "men-tops" } });
    const product = await t.prisma.product.create({
      data: { name: "Agbada Customer Journey", slug: "agbada-customer-journey", price: "30000.00", stock: 3, size: "XL", categoryId: category.id },
    });
    const { page, context } = await newShopper(browser, t.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);

    // Sign up: the spec's messages, then the account and the welcome email.
    await page.goto("/user-auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    // What a new password needs is said before typing it.
    await page.getByText("At least 8 characters. Not a common password and not your email address.").waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("123");
    await page.getByLabel("Confirm password", { exact: true }).fill("456");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByText("Invalid email address").waitFor();
    await page.getByText("Password must be at least 8 characters").waitFor();
    await page.getByText("Passwords do not match").waitFor();
    // The show/hide toggle reveals the password.
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await page.getByLabel("Full name").fill("Kemi Adeyemi");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await toastShown(page, "Account created successfully! Please check your email.");
    await page.waitForURL(/\/account$/);
    expect(await t.prisma.emailOutbox.count({ where: { to: EMAIL } })).toBe(1);
    // A signed-in shopper visiting /auth goes to /account.
    await page.goto("/auth");
    await page.waitForURL(/\/account$/);

    // Logout returns to the home page.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${t.url}/`);
    await page.getByRole("link", { name: "Login" }).waitFor();

    // As a guest, add from a card, then log in: the guest cart merges into the server cart.
    await page.goto("/products?category=men-tops");
    await page.locator(".product-card", { hasText: product.name }).getByRole("button", { name: "Add to Cart" }).click();
    await toastShown(page, "Added to cart!");
    await page.goto("/auth");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.locator(".form-error", { hasText: "Invalid login credentials" }).waitFor();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await toastShown(page, "Logged in successfully!");
    await page.waitForURL(/\/account$/);
    expect(await page.evaluate(() => localStorage.getItem("guestCart"))).toBeNull();
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: EMAIL } });
    expect(await t.prisma.cartItem.findMany({ where: { userId: user.id }, select: { productId: true, quantity: true } })).toEqual([
      { productId: product.id, quantity: 1 },
    ]);
    await page.getByTestId("cart-count").filter({ hasText: "1" }).waitFor();

    // The product page adds to the server cart when signed in.
    await page.goto(`/products/${product.slug}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await toastShown(page, "Added to cart!");
    await page.getByTestId("cart-count").filter({ hasText: "2" }).waitFor();

    // Checkout with the server cart, prefilled from the profile.
    await page.goto("/cart");
    await page.getByTestId("cart-line").waitFor();
    expect(await page.getByText("Signing up will make your shopping faster and easier!").count()).toBe(0);
    expect(await page.getByTestId("total").innerText()).toBe("₦60,000");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByLabel("Full name").and(page.locator('[value="Kemi Adeyemi"]')).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(EMAIL);
    await page.getByLabel("Phone number").fill("08031234567");
    await page.getByLabel("Store pickup").check();
    await page.getByRole("button", { name: "Confirm Order" }).click();
    const dialog = page.getByRole("dialog", { name: "Order Confirmed" });
    await dialog.waitFor();
    const order = await t.prisma.order.findFirstOrThrow({ where: { userId: user.id } });
    expect(order.customerAddress).toBe(t.config.store.pickupAddress);
    expect(order.total.toFixed(2)).toBe("60000.00");
    expect(await t.prisma.cartItem.count({ where: { userId: user.id } })).toBe(0);
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.waitForURL(`${t.url}/`);
    expect(await page.getByTestId("cart-count").count()).toBe(0);

    // Account: stats, My Orders with status colour, View panel, copy, Track.
    await page.getByRole("link", { name: "Account" }).click();
    await page.getByRole("heading", { name: "My Orders" }).waitFor();
    expect(await page.getByTestId("total-orders").innerText()).toBe("1");
    const row = page.getByTestId("order-row");
    expect(await row.innerText()).toContain(order.shortOrderId);
    expect(await row.locator(".status-badge").getAttribute("class")).toContain("status-badge--yellow");
    await row.getByRole("button", { name: `Copy order reference ${order.shortOrderId}` }).click();
    await toastShown(page, "Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.shortOrderId);
    await row.getByRole("button", { name: "View" }).click();
    const panel = page.getByRole("dialog", { name: `Order ${order.shortOrderId}` });
    await panel.waitFor();
    expect(await panel.innerText()).toContain("2 x ₦30,000");
    await panel.getByRole("button", { name: "Close" }).click();
    await t.prisma.order.update({ where: { id: order.id }, data: { status: "delivered" } });
    await page.reload();
    expect(await page.getByTestId("order-row").locator(".status-badge").getAttribute("class")).toContain("status-badge--green");
    expect(await page.getByRole("link", { name: "Shop More" }).getAttribute("href")).toBe("/products");

    // Profile: edit, Cancel leaves it, Save stores it; a bad phone is refused.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Phone number").fill("123");
    await page.getByRole("button", { name: "Save" }).click();
    await toastShown(page, "Failed to save profile");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Full name").fill("Kemi A. Adeyemi");
    await page.getByLabel("Phone number").fill("0803 555 0000");
    await page.getByLabel("Address").fill("3 Unity Road, Ikeja");
    await page.getByRole("button", { name: "Save" }).click();
    await toastShown(page, "Profile saved");
    await page.reload();
    await page.getByRole("heading", { name: "Kemi A. Adeyemi" }).waitFor();
    expect(await page.locator(".profile-card").innerText()).toContain("+2348035550000");

    // Avatar: uploaded through /api/uploads, then saved on the profile.
    await page.getByLabel("Upload profile photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1PX });
    await toastShown(page, "Profile photo updated");
    await page.getByRole("img", { name: "Profile photo" }).waitFor();
    const avatarUrl = await page.getByRole("img", { name: "Profile photo" }).getAttribute("src");
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/profiles/${user.id}\\.webp`)); // re-encoded on upload
    expect((await fetch(`${t.url}${avatarUrl}`)).status).toBe(200);
    // Not an image: refused in the browser, nothing saved.
    await page.getByLabel("Upload profile photo").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await toastShown(page, "Failed to upload avatar");

    // Logout: back home, and /account now sends to /auth.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${t.url}/`);
    expect(await t.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    await page.goto("/account");
    await page.waitForURL(/\/auth$/);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
