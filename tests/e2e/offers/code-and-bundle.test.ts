// Offers in Chromium on a phone: a guest applies a discount code at checkout (a wrong one first),
// places the order, then from the thank-you page goes on shopping and adds a piece to the same order
// with no second delivery fee (issue 37).
import type { Browser } from "playwright-core";
import { newShopper, pageReady } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { fillGuestCart } from "../payments/helpers.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("a shopper applies a code at checkout on a phone, then adds a piece to the order from the thank-you page", async () => {
  await t.prisma.deliverySettings.create({ data: { id: 1, doorstepFee: "3000", parkFee: "2000", freeDeliveryThreshold: "50000" } });
  await t.prisma.discountCode.create({ data: { code: "IGFAM10", percentOff: 10 } });
  const dress = await makeProduct(t.prisma, { name: "Ankara Wrap Dress", stock: 1, price: "20000.00", size: null });
  const scarf = await makeProduct(t.prisma, { name: "Silk Head Scarf", stock: 1, price: "4500.00", size: null });
  const { page, context } = await newShopper(browser, t.url);
  await fillGuestCart(page, [{ productId: dress.id, quantity: 1 }]);
  await page.goto("/checkout");

  const code = page.getByLabel("Discount code");
  await code.fill("nope");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByText("This code is not valid").waitFor();
  await code.fill("igfam10");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByText("Code IGFAM10: ₦2,000 off").waitFor();
  expect(await page.getByTestId("checkout-discount").innerText()).toBe("−₦2,000");
  await page.getByText("Add ₦32,000 more for free delivery").waitFor();

  await page.getByLabel("Full name").fill("Ife Adeyemi");
  await page.getByLabel("Email").fill("ife@example.ng");
  await page.getByLabel("Phone number").fill("0803 123 4567");
  await page.getByLabel("State", { exact: true }).selectOption("Lagos");
  await page.getByLabel("Delivery address").fill("12 Allen Avenue, Ikeja, Lagos");
  expect(await page.getByTestId("checkout-total").innerText()).toBe("₦21,000");
  await page.getByRole("button", { name: "Confirm Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Order Confirmed" });
  await dialog.waitFor();
  const reference = (await dialog.locator(".order-reference").innerText()).trim();
  const order = await t.prisma.order.findUniqueOrThrow({ where: { shortOrderId: reference } });
  expect([order.discountCode, order.discount.toFixed(2), order.deliveryFee.toFixed(2), order.total.toFixed(2)]).toEqual(["IGFAM10", "2000.00", "3000.00", "21000.00"]);

  await page.goto("/thank-you");
  const note = page.getByTestId("add-more");
  await note.getByText(/^Add more pieces to this order \(no extra delivery\) until .+ \(Lagos time\)/).waitFor();
  await note.getByRole("link", { name: "Shop more pieces" }).click();
  await page.waitForURL("**/products");
  await page.goto(`/products/${scarf.slug}`);
  await pageReady(page);
  await page.getByRole("button", { name: `Add to order ${reference}` }).click();
  await page.getByText(`Added to order ${reference}`).first().waitFor();

  const grown = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { items: true } });
  expect(grown.total.toFixed(2)).toBe("25500.00");
  expect(grown.deliveryFee.toFixed(2)).toBe("3000.00");
  expect(grown.items.map((item) => [item.productName, item.addedAt !== null])).toEqual(
    expect.arrayContaining([["Ankara Wrap Dress", false], ["Silk Head Scarf", true]]),
  );
  expect((await t.prisma.product.findUniqueOrThrow({ where: { id: scarf.id } })).stock).toBe(0);
  expect((page as typeof page & { errors: string[] }).errors).toEqual([]);
  await context.close();
});
