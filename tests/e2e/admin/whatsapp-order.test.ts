// One stock, every channel (issue 35) in the browser: the owner takes a WhatsApp order on a phone,
// the buyer opens its payment link in a browser that has never seen the store and sends a receipt,
// and the owner finds it in the payments queue.
import type { Browser } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { PNG_1PX } from "../../helpers/images.ts";
import { makeProduct } from "../../helpers/fixtures.ts";
import { signInAdmin, uploadReceipt } from "../payments/helpers.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

it("the owner takes a WhatsApp order on a phone; the buyer pays through the link in a fresh browser; the receipt reaches the payments queue", async () => {
  await makeProduct(t.prisma, { name: "Adire Two-Piece", stock: 1, price: "18000.00", size: "M" });

  // The owner, on a 390 px phone.
  const owner = await newShopper(browser, t.url);
  await signInAdmin(t, owner.context);
  const form = owner.page;
  await form.goto("/admin/new-order");
  await form.getByLabel("Where was it sold?").selectOption("whatsapp");
  await form.getByLabel("Buyer's phone").fill("0805 555 1234");
  await form.getByLabel("Buyer's name").fill("Amaka Obi");
  await form.getByLabel("Find a piece by name").fill("Adire");
  await form.getByRole("button", { name: "Add Adire Two-Piece" }).click();
  await form.getByLabel(/^State/).selectOption("Lagos");
  await form.getByLabel("Address").fill("4 Bode Thomas Street, Surulere");
  await form.getByTestId("new-order-money").getByText("Total ₦18,000").waitFor();
  expect(await form.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await form.getByRole("button", { name: "Place order" }).click();

  const result = form.getByTestId("new-order-result");
  await result.waitFor();
  const message = await result.locator(".new-order__message").innerText();
  const link = /https?:\/\/\S+\/pay\/([0-9A-Z]{8})/.exec(message);
  expect(link).not.toBeNull();
  const reference = link![1]!;
  expect(message).toContain("Adire Two-Piece: ₦18,000");
  const whatsapp = await result.getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href");
  expect(whatsapp).toBe(`https://wa.me/2348055551234?text=${encodeURIComponent(message)}`);
  // Gone from the site at once: held for the buyer.
  expect((await t.prisma.product.findFirstOrThrow({ where: { name: "Adire Two-Piece" } })).stock).toBe(0);
  expect(await t.prisma.order.findUniqueOrThrow({ where: { shortOrderId: reference } })).toMatchObject({ channel: "whatsapp", paymentStatus: "awaiting_transfer" });

  // The buyer: a browser that has never seen the store, no account.
  const buyer = await newShopper(browser, t.url);
  const pay = buyer.page;
  await pay.goto(new URL(link![0]!).pathname);
  await pay.getByRole("heading", { name: `Pay for order ${reference}` }).waitFor();
  const page = pay.locator(".pay-page");
  expect(await page.locator(".pay-page__shop").innerText()).toBe(t.config.store.name);
  expect(await page.locator(".order-item__name").innerText()).toContain("Adire Two-Piece");
  expect(await page.locator(".order-item__image").count()).toBe(1);
  expect(await page.locator(".pay-by-transfer__reference").innerText()).toBe(reference);
  await page.locator(".pay-by-transfer__countdown").waitFor();
  const text = await page.innerText();
  expect(text).toContain("0805 ••• ••34");
  expect(text).toContain("•••, Surulere");
  expect(text).not.toContain("555 1234");
  expect(text).not.toContain("Bode Thomas");
  await pay.getByLabel("Your phone number (to send your receipt)").fill("0805 555 1234");
  await uploadReceipt(pay, { name: "receipt.png", mimeType: "image/png", buffer: PNG_1PX }, "Amaka Obi", "GTBank");
  await pay.getByText(`We have your receipt for order ${reference}`).waitFor();

  // The owner sees it waiting in the payments queue.
  await form.goto("/admin");
  await form.getByRole("tab", { name: /Payments/ }).click();
  const card = form.getByRole("listitem", { name: `Order ${reference}` });
  await card.waitFor();
  expect(await card.locator(".payment-review__sender").innerText()).toBe("Amaka Obi, GTBank");
});
