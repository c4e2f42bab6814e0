// Every order view tells the truth about the payment: the bank details and countdown only while
// payment is due; paid, under review, rejected (with the reason and a new-receipt form) and expired
// orders say so. Guests who open the order with reference + phone keep seeing the rejection reason.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { PNG_1PX } from "../../helpers/images.ts";
import { createTestOrder } from "../../helpers/orders.ts";
import { checkOut, fillGuestCart, signInBrowser, uploadReceipt } from "./helpers.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

const PNG = { name: "receipt.png", mimeType: "image/png", buffer: PNG_1PX };
const REASON = "No credit of ₦15,000 from Chioma Eze in our account";

async function adminDecides(mutation: "markOrderPaid" | "rejectPayment", orderId: string, reason?: string) {
  const admin = await t.admin();
  const res = await admin.data(
    mutation === "markOrderPaid"
      ? `mutation($id: ID!) { markOrderPaid(orderId: $id) { __typename } }`
      : `mutation($id: ID!, $reason: String!) { rejectPayment(orderId: $id, reason: $reason) { __typename } }`,
    { id: orderId, reason },
  );
  expect(res[mutation].__typename).toMatch(/Success$/);
}

async function expectNoPayBlock(page: Page) {
  expect(await page.locator("#bank-transfer").count()).toBe(0);
  expect(await page.getByText("Time left to pay").count()).toBe(0);
  expect(await page.locator("form.receipt-upload").count()).toBe(0);
}

describe("the payment block follows the payment state", () => {
  it("after the admin marks the order paid, thank-you and the tracker say Paid and no longer ask for money", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "15000.00", size: null });
    const { page, context } = await newShopper(browser, t.url);
    await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
    const reference = await checkOut(page, { name: "Ada Obi", email: "ada.paid@example.com", phone: "0803 123 4567" });
    await page.getByRole("button", { name: "I've Paid - Next" }).click();
    await page.locator("#bank-transfer").waitFor();
    await page.getByText("Time left to pay").waitFor();

    const order = await t.prisma.order.findUniqueOrThrow({ where: { shortOrderId: reference } });
    await adminDecides("markOrderPaid", order.id);

    await page.reload();
    await page.getByText("Payment received. Thank you! Nothing more to pay.").waitFor();
    expect(await page.getByText("Confirmed · Paid").count()).toBe(1);
    await expectNoPayBlock(page);
    expect(await page.getByText("once your payment is confirmed").count()).toBe(0);
    expect(await page.locator(".delivery-note").innerText()).toBe("We will deliver to your address.");

    await page.goto(`/track-order/${reference}`);
    await page.getByText("Payment received. Thank you! Nothing more to pay.").waitFor();
    await expectNoPayBlock(page);
    await context.close();
  });

  it("the account says where each order's payment stands, and its panel shows the pay block only while due", async () => {
    const user = await t.prisma.user.create({ data: { email: "states.e2e@example.com", passwordHash: "x", fullName: "Bola Ade" } });
    const owner = { userId: user.id, name: "Bola Ade", email: user.email, phone: "+2348091234567" };
    const due = await createTestOrder(t.prisma, owner);
    const review = await createTestOrder(t.prisma, owner);
    await t.prisma.order.update({ where: { id: review.id }, data: { paymentStatus: "under_review" } });
    const rejected = await createTestOrder(t.prisma, owner);
    // The admin's reason ends with its own full stop, and the receipt already used the extension.
    await t.prisma.order.update({ where: { id: rejected.id }, data: { rejectionReason: "Amount was ₦1,500.", holdExtended: true } });
    // Shipped before the money came (the admin confirmed it): three units in one line.
    const shipped = await createTestOrder(t.prisma, { ...owner, quantity: 3 });
    await t.prisma.order.update({ where: { id: shipped.id }, data: { status: "shipped" } });
    const expired = await createTestOrder(t.prisma, owner);
    await t.prisma.order.update({ where: { id: expired.id }, data: { paymentStatus: "expired", status: "cancelled" } });
    const paid = await createTestOrder(t.prisma, owner);
    await t.prisma.order.update({ where: { id: paid.id }, data: { paymentStatus: "paid", status: "confirmed" } });

    const { page, context } = await newShopper(browser, t.url);
    await signInBrowser(t, context, user.id);
    await page.goto("/account");
    const rowOf = (reference: string) => page.locator('[data-testid="order-row"]', { hasText: reference });
    await rowOf(due.shortOrderId).waitFor();
    const badges: Record<string, string> = {};
    for (const o of [due, review, rejected, expired, paid, shipped]) badges[o.id] = await rowOf(o.shortOrderId).getByTestId("payment-state").innerText();
    expect(badges).toEqual({
      [due.id]: "Awaiting transfer",
      [review.id]: "Receipt under review",
      [rejected.id]: "Receipt not accepted",
      [expired.id]: "Expired (unpaid)",
      [paid.id]: "Paid",
      [shipped.id]: "Awaiting transfer",
    });
    expect(await rowOf(shipped.shortOrderId).innerText()).toContain("3 items ·");
    expect(await rowOf(due.shortOrderId).innerText()).toContain("1 item ·");

    async function openPanel(reference: string) {
      await rowOf(reference).getByRole("button", { name: "View" }).click();
      const panel = page.getByRole("dialog", { name: `Order ${reference}` });
      await panel.waitFor();
      return panel;
    }
    async function closePanel() {
      await page.getByRole("button", { name: "Close" }).click();
    }

    let panel = await openPanel(due.shortOrderId);
    await panel.locator("#bank-transfer").waitFor();
    await panel.locator("form.receipt-upload").waitFor();
    await closePanel();

    panel = await openPanel(rejected.shortOrderId);
    await panel.getByText("We could not confirm your last receipt: Amount was ₦1,500. Please check the transfer and upload a new receipt below.").waitFor();
    await panel.locator("form.receipt-upload").waitFor();
    await panel.getByText("Time left to pay").waitFor();
    expect(await panel.getByText("extends the hold once").count()).toBe(0);
    await closePanel();

    // Shipped but unpaid: still asked to pay, never with a countdown to a cancellation (decision 032).
    panel = await openPanel(shipped.shortOrderId);
    await panel.locator("#bank-transfer").waitFor();
    await panel.getByText("Your order is shipped; its payment has not reached us yet.", { exact: false }).waitFor();
    expect(await panel.getByText("Time left to pay").count()).toBe(0);
    expect(await panel.getByText("We are holding your items").count()).toBe(0);
    await closePanel();

    panel = await openPanel(review.shortOrderId);
    await panel.getByText(`We have your receipt for order ${review.shortOrderId}`).waitFor();
    await expectNoPayBlock(page);
    await closePanel();

    panel = await openPanel(expired.shortOrderId);
    await panel.getByText("This order was cancelled because no payment arrived before the hold ended. Nothing more to pay.").waitFor();
    await expectNoPayBlock(page);
    await closePanel();

    panel = await openPanel(paid.shortOrderId);
    await panel.getByText("Payment received. Thank you! Nothing more to pay.").waitFor();
    await expectNoPayBlock(page);
    await context.close();
  });
});

describe("a rejected receipt, seen by a guest with reference + phone", () => {
  it("keeps showing the reason and the new-receipt form after the page settles, and takes a new receipt", async () => {
    const order = await createTestOrder(t.prisma, { name: "Chioma Eze", phone: "+2348161234567", email: "chioma.reject@example.com" });
    await t.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "under_review" } });
    await adminDecides("rejectPayment", order.id, REASON);

    const { page, context } = await newShopper(browser, t.url);
    await page.goto(`/track-order/${order.shortOrderId}`);
    const lookup = page.locator("form.guest-lookup");
    await lookup.getByLabel("Phone number").fill("0816 123 4567");
    await lookup.getByRole("button", { name: "Open order details" }).click();
    const details = page.locator(".guest-order");
    const reason = details.getByText(`We could not confirm your last receipt: ${REASON}`);
    await reason.waitFor();
    // Every query the page sends after the lookup has answered: the reason is still there.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await page.waitForLoadState("networkidle");
    expect(await reason.isVisible()).toBe(true);
    expect(await details.locator("form.receipt-upload").isVisible()).toBe(true);
    expect(await details.locator("#bank-transfer").isVisible()).toBe(true);

    await uploadReceipt(page, PNG, "Chioma Eze", "Kuda");
    await details.getByText(`We have your receipt for order ${order.shortOrderId}`).waitFor();
    // The public part of the tracker follows too, and the full view keeps the guest's details.
    await page.locator(".tracker__meta", { hasText: "Receipt under review" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await details.getByText("chioma.reject@example.com").count()).toBe(1);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("under_review");
    await context.close();
  });
});
