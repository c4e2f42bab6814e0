// A failed Confirm on a phone (issue 11, item 14): the first invalid field gets focus and comes into
// view, an inline error leaves as soon as its field is fixed, and identical toasts do not stack.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser()));
afterAll(() => closeStoreAndBrowser({ t, browser }));

async function guestAtCheckout(): Promise<Page> {
  const product = await makeProduct(t.prisma, { name: "Focus Test Gown", stock: 2, price: "5000" });
  const { page } = await newShopper(browser, t.url);
  await page.goto("/");
  await page.evaluate((id) => localStorage.setItem("guestCart", JSON.stringify([{ product_id: id, quantity: 1 }])), product.id);
  await page.goto("/checkout");
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
  return page;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
const inView = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const box = document.querySelector(s)!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);

it("Confirm with empty details focuses and scrolls to the first invalid field; Confirm with only the phone wrong goes to the phone", async () => {
  const page = await guestAtCheckout();
  const confirm = page.getByRole("button", { name: "Confirm Order" });
  await confirm.scrollIntoViewIfNeeded();
  expect(await inView(page, "#checkout-name")).toBe(false); // the form is off screen when Confirm is pressed
  await confirm.click();
  await page.waitForFunction(() => document.activeElement?.id === "checkout-name");
  await page.waitForFunction(() => {
    const box = document.querySelector("#checkout-name")!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

  await page.getByLabel("Full name").fill("Ada Obi");
  await page.getByLabel("Email").fill("ada@example.ng");
  await page.getByLabel("Delivery address").fill("5 Awolowo Road, Ikoyi, Lagos");
  await confirm.scrollIntoViewIfNeeded();
  await confirm.click();
  await page.waitForFunction(() => document.activeElement?.id === "checkout-phone");
  expect(await focusedId(page)).toBe("checkout-phone");
  expect(await t.prisma.order.count()).toBe(0);
  await page.context().close();
});

it("an inline error leaves as soon as its field is fixed, while the others stay", async () => {
  const page = await guestAtCheckout();
  await page.getByRole("button", { name: "Confirm Order" }).click();
  const nameError = page.locator(".field-error", { hasText: "Name must be at least 2 characters" });
  const emailError = page.locator(".field-error", { hasText: "Invalid email address" });
  await nameError.waitFor();
  await emailError.waitFor();
  await page.getByLabel("Full name").fill("Ada Obi");
  await nameError.waitFor({ state: "detached" });
  expect(await page.getByLabel("Full name").getAttribute("aria-invalid")).toBeNull();
  expect(await emailError.isVisible()).toBe(true);
  // Breaking the field again brings its error back.
  await page.getByLabel("Full name").fill("A");
  await nameError.waitFor();
  await page.context().close();
});

it("pressing Confirm four times shows one toast, not four", async () => {
  const page = await guestAtCheckout();
  const confirm = page.getByRole("button", { name: "Confirm Order" });
  for (let i = 0; i < 4; i++) {
    await confirm.scrollIntoViewIfNeeded();
    await confirm.click();
  }
  const toasts = page.locator(".toast", { hasText: "Please complete delivery details: Name must be at least 2 characters" });
  await toasts.first().waitFor();
  expect(await toasts.count()).toBe(1);
  expect(await page.locator(".toast").count()).toBe(1);
  await page.context().close();
});
