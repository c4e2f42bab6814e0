// Paying through Paystack in Chromium (issue 27), against the fake Paystack over real HTTP: the
// one-time account on the thank-you page (copyable, expiring with the hold) confirmed by a signed
// webhook, and the card path to Paystack's checkout page and back, declined then retried.
import type { Browser } from "playwright-core";
import { launchBrowser, newShopper } from "../../helpers/browser.ts";
import { startTestStore, type TestStore } from "../../helpers/store.ts";
import { makeProduct } from "../../helpers/fixtures.ts";
import { startFakePaystack, type FakePaystack } from "../../mocks/paystack-server.ts";
import { fillGuestCart } from "./helpers.ts";
import { freePort } from "../../../deploy/free-port.ts";

let t: TestStore;
let fake: FakePaystack;
let browser: Browser;

beforeAll(async () => {
  // Paystack sends the shopper back to PUBLIC_URL, so the store must know its address before it starts.
  const port = await freePort();
  [fake, browser] = await Promise.all([startFakePaystack(), launchBrowser()]);
  t = await startTestStore({
    seed: false,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url, PAYSTACK_RECONCILE_INTERVAL_MS: "3600000" },
  });
  fake.webhookUrl = `${t.url}/api/payments/paystack/webhook`;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await fake?.close();
});

async function checkoutWith(page: import("playwright-core").Page, choice: RegExp, email: string) {
  await page.goto("/checkout");
  await page.getByLabel("Full name").fill("Ada Obi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("0803 123 4567");
  await page.getByLabel("State", { exact: true }).selectOption("Lagos");
  await page.getByLabel("Delivery address").fill("12 Allen Avenue, Ikeja, Lagos");
  const radios = page.getByRole("radio", { name: /one-time account|card \/ USSD|upload the receipt/ });
  expect(await radios.count()).toBe(3);
  // Preselected, as docs/payments-paystack.md says (issue 40, finding 11).
  expect(await page.getByRole("radio", { name: /one-time account/ }).isChecked()).toBe(true);
  await page.getByRole("radio", { name: choice }).check();
  await page.getByRole("button", { name: "Confirm Order" }).click();
}

it("one-time account: shown with copy buttons and expiry on the thank-you page, paid by a signed webhook: thank-you and the tracker say paid without a reload", async () => {
  const product = await makeProduct(t.prisma, { stock: 1, price: "45500.00", size: null });
  const { page, context } = await newShopper(browser, t.url);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
  await checkoutWith(page, /one-time account/, "ada.paystack@example.com");
  // The spec's dialog for this method too (issue 40, finding 11), then the thank-you page.
  const dialog = page.getByRole("dialog", { name: "Order Confirmed" });
  await dialog.getByText("Please transfer exactly ₦45,500 to the one-time account shown for this order").waitFor();
  await dialog.getByRole("button", { name: "I've Paid - Next" }).click();
  await page.waitForURL(/\/thank-you$/);
  const account = page.locator("#one-time-account");
  await account.waitFor();
  const order = await t.prisma.order.findFirstOrThrow({ where: { customerEmail: "ada.paystack@example.com" }, include: { providerPayments: true } });
  const payment = order.providerPayments[0]!;
  const charge = fake.transactions.get(payment.reference)!;
  expect(charge.amount).toBe(4550000);
  expect(await account.locator(".pay-by-transfer__number").innerText()).toBe(charge.accountNumber);
  expect(await account.locator(".pay-by-transfer__amount").innerText()).toBe("₦45,500");
  await account.getByText("Test Bank").waitFor();
  await account.getByText("PAYSTACK CHECKOUT").waitFor();
  await account.getByRole("button", { name: "Copy account number" }).click();
  await page.locator(".toast", { hasText: "Copied" }).first().waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.accountNumber);
  expect(await account.locator(".pay-by-transfer__countdown").innerText()).toMatch(/^2[34]h \d{2}m \d{2}s$/);
  // No receipt form: this payment confirms itself.
  expect(await page.getByRole("heading", { name: /receipt/i }).count()).toBe(0);

  const tracker = await context.newPage();
  await tracker.goto(`/track-order/${order.shortOrderId}`);
  await tracker.locator("#one-time-account").waitFor();
  expect((await fake.payTransfer(payment.reference))!.status).toBe(200);
  // Neither page is reloaded: each asks again while the order waits for its payment (issue 40, finding 4).
  await page.locator('[data-payment-state="paid"]').waitFor();
  await tracker.locator('[data-payment-state="paid"]').waitFor();
  expect(await page.locator("#one-time-account").count()).toBe(0);
  expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("paid");
  await context.close();
});

it("a short payment: the thank-you page says what arrived and what is left and how to pay it, the owner sees it beside Mark as paid; cancelled, the tracker owns the money and awaits no transfer", async () => {
  const product = await makeProduct(t.prisma, { stock: 1, price: "5000.00", size: null });
  const { page, context } = await newShopper(browser, t.url);
  await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
  await checkoutWith(page, /one-time account/, "ada.short@example.com");
  await page.getByRole("dialog", { name: "Order Confirmed" }).getByRole("button", { name: "I've Paid - Next" }).click();
  await page.waitForURL(/\/thank-you$/);
  await page.locator("#one-time-account").waitFor();
  const order = await t.prisma.order.findFirstOrThrow({ where: { customerEmail: "ada.short@example.com" }, include: { providerPayments: true } });
  await fake.payTransfer(order.providerPayments[0]!.reference, { amount: 400000 });
  // Issue 40, finding 1: the page updates itself and asks for the rest, not for everything again.
  await page.getByText("₦4,000 received · ₦1,000 to pay").waitFor();
  expect(await page.locator("#bank-transfer .pay-by-transfer__amount").innerText()).toBe("₦1,000");

  const admin = await newShopper(browser, t.url, { mobile: false });
  const [name, ...value] = (await t.admin()).cookie!.split("=");
  await admin.context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  await admin.page.goto("/admin");
  await admin.page.getByRole("tab", { name: /^Payments/ }).click();
  const card = admin.page.getByRole("listitem", { name: `Order ${order.shortOrderId}` });
  await card.locator(".payment-review__received").waitFor();
  expect(await card.locator(".payment-review__amount").innerText()).toBe("₦1,000");
  expect(await card.locator(".payment-review__received").innerText()).toBe("₦4,000 of ₦5,000");
  await card.getByRole("button", { name: "Mark as paid" }).waitFor();
  await admin.context.close();

  // Issue 40, finding 2: a cancelled order holding money says so, and awaits no transfer.
  await t.prisma.order.update({ where: { id: order.id }, data: { status: "cancelled" } });
  await page.goto(`/track-order/${order.shortOrderId}`);
  await page.getByText("This order is cancelled, and your payment of ₦4,000 reached us. We will refund it or contact you about it.").waitFor();
  expect(await page.locator(".tracker__meta").innerText()).toMatch(/· Cancelled ·/);
  expect(await page.locator(".tracker__meta").innerText()).not.toMatch(/Awaiting transfer/);
  expect(await page.locator(".order-payment").innerText()).not.toMatch(/Awaiting transfer|Nothing more to pay/);
  await context.close();
});

it("card: to Paystack's checkout and back; a decline says what went wrong, Try again pays, the page says paid", async () => {
  const product = await makeProduct(t.prisma, { stock: 1, price: "12000.00", size: null });
  const { page, context } = await newShopper(browser, t.url);
  await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
  await checkoutWith(page, /card \/ USSD/, "ada.card@example.com");
  await page.waitForURL(`${fake.url}/checkout/**`);
  await page.getByText("₦12,000.00").first().waitFor();
  await page.getByRole("button", { name: /Decline/ }).click();
  await page.waitForURL(/\/payment\/return\?/);
  await page.getByRole("heading", { name: "Payment not completed" }).waitFor();
  await page.getByText(/did not go through/).waitFor();

  await page.getByRole("button", { name: "Try again" }).click();
  await page.waitForURL(`${fake.url}/checkout/**`);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/payment\/return\?/);
  await page.getByRole("heading", { name: "Payment received" }).waitFor();
  // "Order Confirmed" after the return, as for the other methods (issue 40, finding 11); Escape closes it.
  const dialog = page.getByRole("dialog", { name: "Order Confirmed" });
  await dialog.getByText("We have received your payment of ₦12,000. Nothing more to pay.").waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  const order = await t.prisma.order.findFirstOrThrow({ where: { customerEmail: "ada.card@example.com" } });
  await page.getByText(order.shortOrderId).first().waitFor();
  expect(order.paymentStatus).toBe("paid");
  await context.close();
});

it("Paystack down at Confirm: the dialog gives the shop's account, the summary behind it is the order placed, and the choice moves to the bank transfer", async () => {
  const product = await makeProduct(t.prisma, { stock: 1, price: "6000.00", size: null });
  const { page, context } = await newShopper(browser, t.url);
  await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
  fake.mode = "down";
  try {
    await checkoutWith(page, /one-time account/, "ada.fallback@example.com");
    const dialog = page.getByRole("dialog", { name: "Order Confirmed" });
    await dialog.getByText(/Please transfer ₦6,000 to .* with this reference in the narration/).waitFor();
  } finally {
    fake.mode = "up";
  }
  // Issue 40, finding 12: the cart is empty now, but the summary is the order's, not "Items ₦0".
  const summary = page.locator(".checkout-summary");
  expect(await summary.locator(".checkout-items").innerText()).toContain(`${product.name} × 1`);
  expect(await page.getByTestId("checkout-subtotal").innerText()).toBe("₦6,000");
  expect(await page.getByTestId("checkout-total").innerText()).toBe("₦6,000");
  expect(await page.getByRole("radio", { name: /upload the receipt/ }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: /one-time account/ }).isChecked()).toBe(false);
  await context.close();
});

it("the payment link in a fresh browser (issue 35): the buyer picks the one-time account, copies it, the transfer arrives and the page says paid without a reload", async () => {
  const product = await makeProduct(t.prisma, { name: "Ankara Wrap Skirt", stock: 1, price: "12500.00", size: null });
  const admin = await t.admin();
  const taken = await admin.data(
    `mutation($input: ManualOrderInput!) { createManualOrder(input: $input) { ... on MutationCreateManualOrderSuccess { data { id shortOrderId } } } }`,
    { input: { channel: "whatsapp", items: [{ productId: product.id, quantity: 1 }], fullName: "Amaka Obi", phone: "0805 555 1234", deliveryMethod: "pickup" } },
  );
  const { id, shortOrderId } = taken.createManualOrder.data;

  const { page, context } = await newShopper(browser, t.url);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/pay/${shortOrderId}`);
  await page.getByRole("heading", { name: `Pay for order ${shortOrderId}` }).waitFor();
  // Besides Paystack, the shop's own account and the receipt upload stay on the page.
  await page.locator("#bank-transfer").waitFor();
  await page.getByRole("button", { name: /one-time account/ }).click();
  const account = page.locator("#one-time-account");
  await account.waitFor();
  const payment = await t.prisma.providerPayment.findFirstOrThrow({ where: { orderId: id } });
  expect(payment).toMatchObject({ fromPaymentPage: true, amountKobo: 1250000 });
  expect(await account.locator(".pay-by-transfer__number").innerText()).toBe(payment.accountNumber);
  expect(await account.locator(".pay-by-transfer__amount").innerText()).toBe("₦12,500");
  await account.getByRole("button", { name: "Copy account number" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payment.accountNumber);
  await account.locator(".pay-by-transfer__countdown").waitFor();
  expect(await page.locator(".pay-page").innerText()).not.toContain("555 1234");

  expect((await fake.payTransfer(payment.reference))!.status).toBe(200);
  await page.getByRole("heading", { name: "This order is paid" }).waitFor();
  expect(await page.locator("#one-time-account").count()).toBe(0);
  expect(await page.locator("#bank-transfer").count()).toBe(0);
  await context.close();
});

it("the payment link's card choice (issue 35): a decline comes back to /pay with the reason and the choices; paying says paid there", async () => {
  const product = await makeProduct(t.prisma, { stock: 1, price: "8000.00", size: null });
  const taken = await (await t.admin()).data(
    `mutation($input: ManualOrderInput!) { createManualOrder(input: $input) { ... on MutationCreateManualOrderSuccess { data { shortOrderId } } } }`,
    { input: { channel: "instagram", items: [{ productId: product.id, quantity: 1 }], fullName: "Bisi Ade", phone: "0807 000 1122", deliveryMethod: "pickup" } },
  );
  const { shortOrderId } = taken.createManualOrder.data;
  const { page, context } = await newShopper(browser, t.url);
  await page.goto(`/pay/${shortOrderId}`);
  await page.getByRole("button", { name: /card \/ USSD/ }).click();
  await page.getByRole("link", { name: "Pay ₦8,000 on Paystack" }).click();
  await page.waitForURL(`${fake.url}/checkout/**`);
  await page.getByRole("button", { name: /Decline/ }).click();
  await page.waitForURL(new RegExp(`/pay/${shortOrderId}\\?`));
  await page.getByText(/did not go through/).waitFor();

  await page.getByRole("button", { name: /card \/ USSD/ }).click();
  await page.getByRole("link", { name: "Pay ₦8,000 on Paystack" }).click();
  await page.waitForURL(`${fake.url}/checkout/**`);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(new RegExp(`/pay/${shortOrderId}\\?`));
  await page.getByRole("heading", { name: "This order is paid" }).waitFor();
  expect(await page.locator(".pay-page").innerText()).not.toContain("000 1122");
  await context.close();
});
