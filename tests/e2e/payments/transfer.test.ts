// Paying by bank transfer in the browser: checkout → thank-you → receipt → admin decision →
// the shopper sees the result; park delivery; guests by reference + phone; WhatsApp; naira.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { PNG_1PX, PDF_DOC } from "../../helpers/images.ts";
import { createTestOrder } from "../../helpers/orders.ts";
import { checkOut, fillGuestCart, signInAdmin, signInBrowser, uploadReceipt } from "./helpers.ts";
import { makeProduct } from "../../helpers/fixtures.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

const PNG = { name: "receipt.png", mimeType: "image/png", buffer: PNG_1PX };

async function orderByReference(reference: string) {
  return t.prisma.order.findUniqueOrThrow({ where: { shortOrderId: reference }, include: { receipts: true } });
}

/** The admin's Payments tab: finds the order's card in the queue. */
async function openPaymentsQueue(page: Page, reference: string) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: /Payments/ }).click();
  const card = page.getByRole("listitem", { name: `Order ${reference}` });
  await card.waitFor();
  return card;
}

describe("paying by bank transfer", () => {
  it("order → receipt upload → admin marks paid → the shopper sees Paid and Confirmed", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "45500.00", size: null });
    const { page, context } = await newShopper(browser, t.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
    const reference = await checkOut(page, { name: "Ada Obi", email: "ada.e2e@example.com", phone: "0803 123 4567" });
    await page.getByRole("button", { name: "I've Paid - Next" }).click();
    await page.waitForURL(/\/thank-you$/);

    // The transfer block: every detail with a copy button, the reference, the live countdown.
    const transfer = page.locator("#bank-transfer");
    await transfer.waitFor();
    expect(await transfer.locator(".pay-by-transfer__amount").innerText()).toBe("₦45,500");
    expect(await transfer.locator(".pay-by-transfer__number").innerText()).toBe(t.config.store.bankAccountNumber);
    expect(await transfer.locator(".pay-by-transfer__reference").innerText()).toBe(reference);
    await transfer.getByRole("button", { name: "Copy account number" }).click();
    await page.locator(".toast", { hasText: "Copied" }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(t.config.store.bankAccountNumber);
    await transfer.getByRole("button", { name: "Copy reference" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    const countdown = transfer.locator(".pay-by-transfer__countdown");
    const first = await countdown.innerText();
    expect(first).toMatch(/^2[34]h \d{2}m \d{2}s$/);
    await page.waitForFunction((before) => document.querySelector(".pay-by-transfer__countdown")?.textContent !== before, first);

    await uploadReceipt(page, PNG);
    await page.getByText(`We have your receipt for order ${reference}`).waitFor();
    let stored = await orderByReference(reference);
    expect(stored).toMatchObject({ paymentStatus: "under_review", status: "pending", holdExtended: true });
    expect(stored.receipts[0]).toMatchObject({ senderName: "Ada Obi", senderBank: "Access Bank", mimeType: "image/jpeg" });

    // The admin checks the bank and marks it paid from the Payments tab.
    const admin = await newShopper(browser, t.url, { mobile: false });
    await signInAdmin(t, admin.context);
    const card = await openPaymentsQueue(admin.page, reference);
    // The dashboard counts receipts waiting for a decision on the Payments tab.
    await admin.page.getByRole("tab", { name: "Payments (1 to review)" }).waitFor();
    expect(await card.locator(".payment-review__amount").innerText()).toBe("₦45,500");
    expect(await card.locator(".payment-review__sender").innerText()).toBe("Ada Obi, Access Bank");
    // The admin's preview is a short-lived signed link to the private file, and it loads.
    const preview = card.locator(".receipt-preview img");
    expect(await preview.getAttribute("src")).toMatch(new RegExp(`^${stored.receipts[0]!.fileUrl}\\?expires=\\d+&signature=`));
    await admin.page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await preview.elementHandle());
    await card.getByLabel("Bank transaction reference (optional)").fill("FT26112233");
    admin.page.once("dialog", (d) => void d.accept());
    await card.getByRole("button", { name: "Mark as paid" }).click();
    await admin.page.getByText(`Order ${reference} marked as paid`).waitFor();
    await card.waitFor({ state: "detached" });
    stored = await orderByReference(reference);
    expect(stored).toMatchObject({ paymentStatus: "paid", status: "confirmed", bankReference: "FT26112233" });
    await admin.context.close();

    // The shopper (this browser placed the order) sees it paid and confirmed.
    await page.goto(`/track-order/${reference}`);
    const meta = page.locator(".tracker__meta");
    await meta.waitFor();
    expect(await meta.innerText()).toContain("Confirmed");
    expect(await meta.innerText()).toContain("Paid");
    expect(await page.locator(".receipt-upload").count()).toBe(0);
    // The tracker shows the status history with times.
    const history = page.locator(".status-history");
    await history.getByText("Payment confirmed, order confirmed").waitFor();
    const steps = await history.locator("li .status-history__label").allInnerTexts();
    expect(steps).toEqual(["Order placed", "Receipt received, payment under review", "Payment confirmed, order confirmed"]);
    expect(await history.locator("li time").count()).toBe(3);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it("the reject path: the admin rejects with a reason, the shopper sees it and sends a new receipt", async () => {
    const user = await t.prisma.user.create({ data: { email: "reject.e2e@example.com", passwordHash: "x", fullName: "Bola Ade" } });
    const order = await createTestOrder(t.prisma, { userId: user.id, name: "Bola Ade", email: user.email, phone: "+2348091234567" });
    const shopper = await newShopper(browser, t.url);
    await signInBrowser(t, shopper.context, user.id);
    await shopper.page.goto(`/track-order/${order.shortOrderId}`);
    await uploadReceipt(shopper.page, { name: "receipt.pdf", mimeType: "application/pdf", buffer: PDF_DOC }, "Bola Ade", "Opay");

    const admin = await newShopper(browser, t.url, { mobile: false });
    await signInAdmin(t, admin.context);
    const card = await openPaymentsQueue(admin.page, order.shortOrderId);
    expect(await card.getByRole("link", { name: "Open PDF receipt" }).count()).toBe(1);
    await card.getByRole("button", { name: "Reject" }).click();
    await card.getByRole("button", { name: "Reject payment" }).click();
    await card.getByText("Please give a reason for rejecting the payment").waitFor();
    await card.getByLabel("Reason (sent to the shopper)").fill("No credit of ₦15,000 from Bola Ade in our account");
    await card.getByRole("button", { name: "Reject payment" }).click();
    await admin.page.getByText(`Payment for ${order.shortOrderId} rejected`).waitFor();
    const stored = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ paymentStatus: "awaiting_transfer", status: "pending", rejectionReason: "No credit of ₦15,000 from Bola Ade in our account" });
    const email = await t.prisma.emailOutbox.findFirstOrThrow({ where: { to: user.email, subject: { contains: "could not confirm" } } });
    expect(email.body).toContain("No credit of ₦15,000 from Bola Ade in our account");

    // The audit log shows who rejected and why.
    await admin.page.getByLabel("Action", { exact: true }).selectOption("payment.rejected");
    const row = admin.page.locator(".audit-log__table tbody tr").first();
    await row.getByText("No credit of ₦15,000 from Bola Ade in our account").waitFor();
    expect(await row.innerText()).toContain("admin@test.local");
    await admin.context.close();

    await shopper.page.reload();
    await shopper.page.locator(".tracker__meta", { hasText: "Awaiting transfer" }).waitFor();
    await shopper.page.getByText("We could not confirm your last receipt: No credit of ₦15,000 from Bola Ade in our account").waitFor();
    await uploadReceipt(shopper.page, PNG, "Bola Ade", "GTBank");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("under_review");
    await shopper.context.close();
  });
});

describe("motor-park delivery", () => {
  it("park delivery is stored structured; the owner sees the waybill, a stranger does not", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "8000.00", size: null });
    const { page, context } = await newShopper(browser, t.url);
    await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
    const reference = await checkOut(page, { name: "Emeka Obi", email: "emeka@example.com", phone: "08021234567", park: { state: "Lagos", park: "Jibowu Motor Park" } });
    const order = await orderByReference(reference);
    expect(order).toMatchObject({ deliveryMethod: "park", parkState: "Lagos", parkName: "Jibowu Motor Park", customerAddress: "Park: Jibowu Motor Park, Lagos" });
    // The admin ships it from the Orders tab, recording transport company, waybill and driver's phone.
    const admin = await newShopper(browser, t.url, { mobile: false });
    await signInAdmin(t, admin.context);
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: /Orders/ }).click();
    const row = admin.page.locator(`[data-order="${reference}"]`);
    await row.locator("summary", { hasText: "Shipping details" }).click();
    await row.getByLabel("Transport company").fill("GUO Transport");
    await row.getByLabel("Waybill number").fill("WB-778812");
    await row.getByLabel("Driver's phone").fill("0805 000 1111");
    // Not paid yet: the admin confirms shipping it anyway.
    admin.page.once("dialog", (dialog) => void dialog.accept());
    await row.getByLabel("Status").selectOption("shipped");
    await admin.page.getByText("Order status updated to shipped").waitFor();
    await admin.context.close();
    expect(await orderByReference(reference)).toMatchObject({ status: "shipped", transportCompany: "GUO Transport", waybillNumber: "WB-778812" });
    await page.goto(`/track-order/${reference}`);
    const facts = page.locator(".order-facts");
    await facts.waitFor();
    const text = await facts.innerText();
    for (const expected of ["GUO Transport", "WB-778812", "Park: Jibowu Motor Park, Lagos"]) expect(text).toContain(expected);
    expect(text.replace(/\s/g, "")).toMatch(/\+2348050001111|08050001111/);
    await context.close();

    const stranger = await newShopper(browser, t.url);
    await stranger.page.goto(`/track-order/${reference}`);
    await stranger.page.getByRole("heading", { name: `Order ${reference}` }).waitFor();
    expect(await stranger.page.locator(".order-facts").count()).toBe(0);
    expect(await stranger.page.getByText("Emeka Obi").count()).toBe(0);
    await stranger.context.close();
  });
});

describe("phone-first guests", () => {
  it("a guest on another phone opens full order details with the reference and phone, and sends a receipt", async () => {
    const order = await createTestOrder(t.prisma, { name: "Chioma Eze", phone: "+2348161234567", email: "chioma@example.com" });
    const { page, context } = await newShopper(browser, t.url);
    await page.goto(`/track-order/${order.shortOrderId}`);
    const lookup = page.locator("form.guest-lookup");
    await lookup.getByLabel("Phone number").fill("0816 999 9999");
    await lookup.getByRole("button", { name: "Open order details" }).click();
    await lookup.getByText("No order matches that reference and phone number").waitFor();
    await lookup.getByLabel("Phone number").fill("0816 123 4567");
    await lookup.getByRole("button", { name: "Open order details" }).click();
    const details = page.locator(".guest-order");
    await details.waitFor();
    const text = await details.innerText();
    for (const expected of ["Chioma Eze", "chioma@example.com", "+234 816 123 4567", "12 Allen Avenue, Ikeja, Lagos", "₦15,000", "Awaiting transfer"]) expect(text).toContain(expected);
    await details.locator("#bank-transfer").waitFor();
    await uploadReceipt(page, PNG, "Chioma Eze", "Kuda");
    await details.locator(".guest-order__payment", { hasText: "Receipt under review" }).waitFor();
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("under_review");
    await context.close();
  });
});

describe("WhatsApp and naira", () => {
  it("'Chat about this order' opens wa.me with the store number, the reference, the total and the name", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, price: "23750.00", size: null });
    const { page, context } = await newShopper(browser, t.url);
    await fillGuestCart(page, [{ productId: product.id, quantity: 1 }]);
    const reference = await checkOut(page, { name: "Funke Bello", email: "funke@example.com", phone: "07031234567" });
    await page.getByRole("button", { name: "I've Paid - Next" }).click();
    const link = page.getByRole("link", { name: "Chat about this order" });
    await link.waitFor();
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/${t.config.store.whatsapp}`);
    expect(href.searchParams.get("text")).toBe(`Hello, I'm Funke Bello. I'm writing about my order ${reference} (total ₦23,750).`);
    expect(await link.getAttribute("target")).toBe("_blank");
    await context.close();
  });

  it("₦ amounts render identically under en-US, en-NG and fr-FR", async () => {
    const product = await makeProduct(t.prisma, { stock: 5, price: "1234567.50", size: null });
    const seen: string[][] = [];
    for (const locale of ["en-US", "en-NG", "fr-FR"]) {
      const { page, context } = await newShopper(browser, t.url, { locale });
      expect(await page.evaluate(() => navigator.language)).toBe(locale);
      await fillGuestCart(page, [{ productId: product.id, quantity: 2 }]);
      await page.goto("/checkout");
      const amount = page.locator("#bank-transfer .pay-by-transfer__amount");
      await amount.waitFor();
      const total = await amount.innerText();
      await page.goto(`/products/${product.slug}`);
      const price = page.locator(".product-detail .price__now");
      await price.waitFor();
      seen.push([total, await price.innerText()]);
      await context.close();
    }
    expect(seen[0]).toEqual(["₦2,469,135", "₦1,234,567.50"]);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  });
});
