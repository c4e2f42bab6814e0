// Shared steps of the payment journeys: a shopper's cart, checkout, and signed-in browsers.
import type { BrowserContext, Page } from "playwright-core";
import type { TestStore } from "../../helpers/store.ts";
import { ADMIN_EMAIL } from "../../helpers/store.ts";
import { createSession } from "../../../server/src/auth/session.ts";
import { sessionCookieName } from "../../../server/src/auth/cookies.ts";

export async function fillGuestCart(page: Page, lines: { productId: string; quantity: number }[]): Promise<void> {
  await page.goto("/");
  await page.evaluate((cart) => localStorage.setItem("guestCart", JSON.stringify(cart)), lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })));
}

export interface CheckoutDetails {
  name: string;
  email: string;
  phone: string;
  address?: string;
  /** Doorstep: the state (default Lagos). */
  state?: string;
  park?: { state: string; park: string };
}

/** Fills checkout, confirms, and returns the order reference from the "Order Confirmed" dialog. */
export async function checkOut(page: Page, details: CheckoutDetails): Promise<string> {
  await page.goto("/checkout");
  await page.getByLabel("Full name").fill(details.name);
  await page.getByLabel("Email").fill(details.email);
  await page.getByLabel("Phone number").fill(details.phone);
  if (details.park) {
    await page.getByRole("radio", { name: /Motor park/ }).check();
    await page.getByLabel("Destination state").selectOption(details.park.state);
    await page.getByRole("button", { name: details.park.park, exact: true }).click();
  } else {
    await page.getByLabel("State", { exact: true }).selectOption(details.state ?? "Lagos");
    await page.getByLabel("Delivery address").fill(details.address ?? "12 Allen Avenue, Ikeja, Lagos");
  }
  await page.getByRole("button", { name: "Confirm Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Order Confirmed" });
  await dialog.waitFor();
  return (await dialog.locator(".order-reference").innerText()).trim();
}

/** Signs the browser in as a user by giving it a real session cookie. */
export async function signInBrowser(t: TestStore, context: BrowserContext, userId: string): Promise<void> {
  const session = await createSession(t.prisma, userId);
  await context.addCookies([{ name: sessionCookieName(false), value: session.token, url: t.url }]);
}

export async function signInAdmin(t: TestStore, context: BrowserContext): Promise<void> {
  const admin = await t.prisma.user.findUniqueOrThrow({ where: { email: ADMIN_EMAIL } });
  await signInBrowser(t, context, admin.id);
}

export async function uploadReceipt(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, sender = "Ada Obi", bank = "Access Bank"): Promise<void> {
  const form = page.locator("form.receipt-upload");
  await form.getByLabel(/Receipt \(image or PDF/).setInputFiles(file);
  await form.getByLabel(/Sender name/).fill(sender);
  await form.getByLabel("Bank you paid from").fill(bank);
  await form.getByRole("button", { name: "Send receipt" }).click();
  await page.getByText("Receipt sent. We will confirm your payment soon.").waitFor();
}
