// Delivery fees in the browser: the owner sets them in the admin's Delivery tab; the shopper sees
// the fee in the cart and at checkout before confirming, and on the thank-you page and the tracker.
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { fillGuestCart, signInAdmin } from "./helpers.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

describe("delivery fees", () => {
  it("the owner sets fees in the admin; wrong amounts are refused there and change nothing", async () => {
    const admin = await newShopper(browser, t.url, { mobile: false });
    await signInAdmin(t, admin.context);
    const { page } = admin;
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Delivery" }).click();
    await page.getByLabel("Doorstep delivery (₦, every other state)").fill("3,500");
    await page.getByLabel("Motor park (₦, every other state)").fill("-20");
    await page.getByRole("button", { name: "Save delivery fees" }).click();
    await page.getByText("Motor park fee must be an amount in naira of 0 or more, with at most 2 decimals (e.g. 1500 or 1,500.50)").waitFor();
    expect(await t.prisma.deliverySettings.count()).toBe(0);

    await page.getByLabel("Motor park (₦, every other state)").fill("2500");
    await page.getByLabel("Free delivery from an order of (₦, empty for never)").fill("100000");
    await page.getByRole("button", { name: "Add a state fee" }).click();
    const row = page.getByRole("group", { name: "State fee 1" });
    await row.getByLabel("Method").selectOption("doorstep");
    await row.getByLabel("State").selectOption("Lagos");
    await row.getByLabel("Fee (₦)").fill("1500");
    await page.getByRole("button", { name: "Save delivery fees" }).click();
    await page.getByText("Delivery fees saved").waitFor();
    const settings = await t.prisma.deliverySettings.findUniqueOrThrow({ where: { id: 1 } });
    expect([settings.doorstepFee.toFixed(2), settings.parkFee.toFixed(2), settings.freeDeliveryThreshold?.toFixed(2)]).toEqual(["3500.00", "2500.00", "100000.00"]);
    const states = await t.prisma.deliveryStateFee.findMany();
    expect(states.map((s) => [s.method, s.state, s.fee.toFixed(2)])).toEqual([["doorstep", "Lagos", "1500.00"]]);
    // The form shows what was saved after a reload.
    await page.reload();
    await page.getByRole("tab", { name: "Delivery" }).click();
    expect(await page.getByLabel("Doorstep delivery (₦, every other state)").inputValue()).toBe("3500");
    expect(await page.getByRole("group", { name: "State fee 1" }).getByLabel("State").inputValue()).toBe("Lagos");
    expect(await t.prisma.auditEntry.count({ where: { action: "delivery.fees_updated" } })).toBe(1);
    await admin.context.close();
  });

  it("the shopper sees the fee in the cart, at checkout before confirming, and on thank-you and the tracker", async () => {
    // Fees as the first test left them (Lagos doorstep ₦1,500, other states ₦3,500, park ₦2,500).
    expect(await t.prisma.deliverySettings.count()).toBe(1);
    const product = await makeProduct(t.prisma, { stock: 1, price: "10000.00", size: null });
    const { page, context } = await newShopper(browser, t.url);
    await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
    await page.goto("/cart");
    const cartFee = page.getByTestId("delivery-fee");
    await cartFee.getByText("Doorstep from ₦1,500, motor park from ₦2,500, store pickup free").waitFor();
    expect(await cartFee.innerText()).toContain("Free delivery on orders of ₦100,000 or more");

    await page.goto("/checkout");
    await page.getByLabel("Full name").fill("Ada Obi");
    await page.getByLabel("Email").fill("ada.fees@example.com");
    await page.getByLabel("Phone number").fill("0803 123 4567");
    await page.getByLabel("Delivery address").fill("12 Allen Avenue, Ikeja");
    // No state yet: no total that may be wrong, and no order without one (issue 26, item 1).
    await page.getByTestId("checkout-delivery-fee").getByText("Choose your state to see the fee").waitFor();
    expect(await page.getByTestId("checkout-total").innerText()).toBe("₦10,000 + delivery (depends on your state)");
    expect(await page.locator("#bank-transfer .pay-by-transfer__amount").innerText()).toMatch(/^Depends on your state/);
    await page.getByRole("button", { name: "Confirm Order" }).click();
    await page.locator(".field-error", { hasText: "Please choose your state" }).waitFor();
    expect(await t.prisma.order.count({ where: { customerEmail: "ada.fees@example.com" } })).toBe(0);
    await page.getByLabel("State", { exact: true }).selectOption("Lagos");
    await page.getByTestId("checkout-delivery-fee").getByText("₦1,500").waitFor();
    expect(await page.getByTestId("checkout-total").innerText()).toBe("₦11,500");
    expect(await page.locator("#bank-transfer .pay-by-transfer__amount").innerText()).toBe("₦11,500");
    await page.getByLabel("State", { exact: true }).selectOption("Oyo");
    await page.getByTestId("checkout-delivery-fee").getByText("₦3,500").waitFor();
    expect(await page.getByTestId("checkout-total").innerText()).toBe("₦13,500");
    // The State select looks like the fields around it (issue 26, item 20).
    const look = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const style = getComputedStyle(el);
        return { height: el.getBoundingClientRect().height, width: el.getBoundingClientRect().width, border: style.border, radius: style.borderRadius };
      });
    expect(await look("#checkout-state")).toEqual(await look("#checkout-phone"));
    // One state across doorstep and motor park: switching keeps the shopper's choice both ways.
    await page.getByRole("radio", { name: /Motor park/ }).check();
    expect(await page.getByLabel("Destination state").inputValue()).toBe("Oyo");
    await page.getByTestId("checkout-delivery-fee").getByText("₦2,500").waitFor();
    expect(await look(".park-picker select")).toEqual(await look("#checkout-phone"));
    await page.getByLabel("Destination state").selectOption("Kano");
    await page.getByRole("radio", { name: /Doorstep delivery/ }).check();
    expect(await page.getByLabel("State", { exact: true }).inputValue()).toBe("Kano");
    await page.getByLabel("State", { exact: true }).selectOption("Oyo");
    await page.getByRole("radio", { name: /Store pickup/ }).check();
    await page.getByTestId("checkout-delivery-fee").getByText("Free").waitFor();
    expect(await page.getByTestId("checkout-total").innerText()).toBe("₦10,000");
    await page.getByRole("radio", { name: /Doorstep delivery/ }).check();
    await page.getByTestId("checkout-delivery-fee").getByText("₦3,500").waitFor();

    await page.getByRole("button", { name: "Confirm Order" }).click();
    const dialog = page.getByRole("dialog", { name: "Order Confirmed" });
    await dialog.getByText("Please transfer ₦13,500").waitFor();
    const reference = (await dialog.locator(".order-reference").innerText()).trim();
    const order = await t.prisma.order.findUniqueOrThrow({ where: { shortOrderId: reference } });
    expect([order.total.toFixed(2), order.deliveryFee.toFixed(2)]).toEqual(["13500.00", "3500.00"]);

    await dialog.getByRole("button", { name: "I've Paid - Next" }).click();
    await page.waitForURL(/\/thank-you$/);
    await page.getByTestId("order-delivery-fee").getByText("₦3,500").waitFor();
    expect(await page.getByTestId("order-subtotal").innerText()).toBe("₦10,000");
    expect(await page.getByTestId("order-total").innerText()).toBe("₦13,500");
    expect(await page.locator("#bank-transfer .pay-by-transfer__amount").innerText()).toBe("₦13,500");
    const facts = page.locator(".order-facts").last();
    expect(await facts.innerText()).toMatch(/State\s+Oyo/);
    expect(await facts.innerText()).toMatch(/Phone\s+\+234 803 123 4567/);

    await page.goto(`/track-order/${reference}`);
    await page.getByTestId("order-money").getByText("Items ₦10,000 · Delivery ₦3,500 · Total ₦13,500").waitFor();
    expect(await page.locator(".order-facts").innerText()).toMatch(/State\s+Oyo/);
    await context.close();
  });
});
