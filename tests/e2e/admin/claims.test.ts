// Claims in Chromium (issue 38): a staff member on a phone sees the orders but none of the owner's
// figures, and opens the Claims tab; a guest whose order was delivered opens a claim with a photo on
// the tracker; staff cannot refund it (STAFF_REFUND_LIMIT is 0: the server's message shows); the owner
// refunds it on a phone by transfer, with the bank reference; the guest's tracker then shows the
// refund and its amount. The order is placed in the browser and paid, shipped and delivered with the
// admin's own mutations.
import type { Browser, Page } from "playwright-core";
import { newShopper } from "../../helpers/browser.ts";
import type { TestStore } from "../../helpers/store.ts";
import { closeStoreAndBrowser, startStoreAndBrowser } from "../../helpers/browser-store.ts";
import { PNG_1PX } from "../../helpers/images.ts";
import { makeProduct } from "../../helpers/fixtures.ts";
import { signedInCustomer } from "../../helpers/orders.ts";
import { checkOut, fillGuestCart } from "../payments/helpers.ts";

let t: TestStore;
let browser: Browser;
beforeAll(async () => ({ t, browser } = await startStoreAndBrowser({ seed: false })));
afterAll(() => closeStoreAndBrowser({ t, browser }));

const PHONE = "0803 123 4567";
const MARK_PAID = `mutation($id: ID!) { markOrderPaid(orderId: $id, bankReference: "FT26NOV0042") { __typename ... on Error { message } } }`;
const MOVE = `mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename ... on Error { message } } }`;
const SET_ROLE = `mutation($id: ID!) { setUserRole(userId: $id, role: staff) { __typename ... on Error { message } } }`;

/** A phone-sized browser signed in with a session cookie ("name=value"). */
async function phoneSignedIn(cookie: string) {
  const shopper = await newShopper(browser, t.url, { viewport: { width: 390, height: 844 } });
  const [name, ...value] = cookie.split("=");
  await shopper.context.addCookies([{ name: name!, value: value.join("="), url: t.url }]);
  return shopper;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

it("staff see orders but no figures; a guest claims with a photo; staff may not refund; the owner refunds by transfer; the tracker shows it", async () => {
  const product = await makeProduct(t.prisma, { stock: 1, price: "15000.00", size: null, name: "Vintage Denim Jacket" });
  const guest = await newShopper(browser, t.url);
  await fillGuestCart(guest.page, [{ productId: product.id, quantity: 1 }]);
  const reference = await checkOut(guest.page, { name: "Ada Obi", email: "ada.claim@example.com", phone: PHONE });
  const { id: orderId } = await t.prisma.order.findUniqueOrThrow({ where: { shortOrderId: reference }, select: { id: true } });

  // The shop is paid, ships and delivers, through the admin's mutations.
  const admin = await t.admin();
  expect((await admin.data(MARK_PAID, { id: orderId })).markOrderPaid).toEqual({ __typename: "MutationMarkOrderPaidSuccess" });
  for (const status of ["shipped", "delivered"]) {
    expect((await admin.data(MOVE, { input: { orderId, status, transportCompany: "GIG Logistics", waybillNumber: "WB-1" } })).updateOrderStatus).toEqual({
      __typename: "MutationUpdateOrderStatusSuccess",
    });
  }

  // The guest reports a problem on the tracker, with a photo; a wrong phone gets the server's refusal.
  const { page } = guest;
  await page.goto(`/track-order/${reference}`);
  await page.getByRole("button", { name: "Report a problem" }).click();
  const form = page.locator("form.claim-form");
  await form.getByLabel("A flaw the listing did not show").check();
  const message = "There is a hole under the left arm that the photos did not show.";
  await form.getByLabel("Tell us what is wrong").fill(message);
  await form.getByText(`${message.length} / 1,000 characters`).waitFor();
  await form.getByLabel(/^Photos/).setInputFiles({ name: "hole.png", mimeType: "image/png", buffer: PNG_1PX });
  await form.getByRole("button", { name: "Remove hole.png" }).waitFor();
  await form.getByLabel("Phone number you gave at checkout").fill("0803 999 9999");
  await form.getByRole("button", { name: "Send claim" }).click();
  await form.getByRole("alert").getByText("No order matches that reference and phone number").waitFor();
  expect(await t.prisma.claim.count({ where: { orderId } })).toBe(0);
  await form.getByLabel("Phone number you gave at checkout").fill(PHONE);
  await form.getByRole("button", { name: "Send claim" }).click();
  await page.getByTestId("claim-status").getByText("Open: waiting for the shop's answer").waitFor();
  expect(await page.locator("form.claim-form").count()).toBe(0);
  const claim = await t.prisma.claim.findFirstOrThrow({ where: { orderId } });
  expect([claim.reason, claim.message, claim.photoUrls.length]).toEqual(["undisclosed_flaw", message, 1]);

  // Staff on a phone: orders and claims, no figures, no CSV tools, no Users tab; refunds need the owner.
  const helper = await signedInCustomer(t, "Tolu Helper");
  expect((await admin.data(SET_ROLE, { id: helper.userId })).setUserRole).toEqual({ __typename: "MutationSetUserRoleSuccess" });
  const staff = await phoneSignedIn(helper.client.cookie!);
  await staff.page.goto("/admin?tab=orders");
  await staff.page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await staff.page.locator('[data-testid="admin-order"]', { hasText: reference }).waitFor();
  expect(await staff.page.getByRole("tab").allInnerTexts()).toEqual(["Products", "Orders", "Claims", "Reviews", expect.stringMatching(/^Payments/)]);
  expect(await staff.page.getByRole("heading", { name: "Your numbers" }).count()).toBe(0);
  expect(await staff.page.locator('a[href^="/api/admin/exports"]').count()).toBe(0);
  await staff.page.getByRole("tab", { name: "Claims" }).click();
  const staffCard = staff.page.getByRole("listitem", { name: `Claim on order ${reference}` });
  await staffCard.getByText(message).waitFor();
  // The photo's signed link loads.
  const photo = staffCard.getByRole("img", { name: `Photo 1 of the claim on order ${reference}` });
  await photo.waitFor();
  await staff.page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await photo.elementHandle());
  await staffCard.getByLabel("Bank reference of the transfer you sent back").fill("GTB-STAFF");
  staff.page.once("dialog", (dialog) => void dialog.accept());
  await staffCard.getByRole("button", { name: "Refund" }).click();
  await staffCard.getByRole("alert").getByText("Refunds need the owner").waitFor();
  expect(await pageWidth(staff.page)).toBe(390);
  await staff.context.close();

  // The owner, on a phone, refunds part of it by transfer; the amount starts at what can be refunded.
  const owner = await phoneSignedIn(admin.cookie!);
  await owner.page.goto("/admin?tab=claims");
  const card = owner.page.getByRole("listitem", { name: `Claim on order ${reference}` });
  const amount = card.getByLabel("Refund amount (₦)");
  const paid = (await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).amountPaid.toFixed(2);
  expect(await amount.inputValue()).toBe(paid.replace(/\.00$/, ""));
  await amount.fill("5,000");
  await card.getByLabel("Bank reference of the transfer you sent back").fill("GTB-REFUND-77");
  owner.page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: "Refund" }).click();
  await card.getByTestId("admin-claim-status").getByText("Refunded ₦5,000").waitFor();
  expect(await pageWidth(owner.page)).toBe(390);
  owner.page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: "Put pieces back on sale" }).click();
  await card.getByText("The pieces are back on sale.").waitFor();
  expect(await t.prisma.refund.findFirstOrThrow({ where: { claimId: claim.id } })).toMatchObject({ method: "transfer", status: "processed", bankReference: "GTB-REFUND-77" });
  expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(1);
  await owner.context.close();

  // The guest's tracker shows the refund and its amount.
  await page.reload();
  await page.getByTestId("claim-status").getByText("Refunded ₦5,000").waitFor();
  await guest.context.close();
});
