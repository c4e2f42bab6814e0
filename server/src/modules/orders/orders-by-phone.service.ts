// A guest who lost the order reference finds their orders by the phone used at checkout: the
// references are emailed (through the outbox) to the email address on those orders, so only the
// person who placed them reads them. The answer is the same whether any order matched (no one
// learns from it whose number placed orders). Text messages are not sent: the shop has no SMS
// provider (decision 033).
import type { Db } from "../../db/database.ts";
import { queueEmails } from "../../mail/outbox.ts";
import { formatPhone, normalizeNigerianPhone, phoneError } from "../../../../common/phone.ts";
import { formatLagosDate } from "../../../../common/lagos-time.ts";
import { orderStatusLabel } from "../../../../common/order-status.ts";
import { hitRateLimit } from "../accounts/rate-limit.ts";
import { ValidationError } from "../errors.ts";

/** Per client address, and per phone number (each request may send an email to the orders' owner). */
export const ORDERS_BY_PHONE_RULES = {
  perAddress: { limit: 5, windowSeconds: 15 * 60 },
  perPhone: { limit: 3, windowSeconds: 60 * 60 },
};
/** Orders older than this are not listed; at most this many per email. */
const LOOKBACK_DAYS = 365;
const MAX_ORDERS = 20;

/** The ways a number may have been stored on an older order (every new order stores +234…). */
export function storedForms(normalized: string): string[] {
  const national = normalized.slice(4);
  return [normalized, `0${national}`, `234${national}`];
}

export async function emailOrderReferences(prisma: Db, input: { phone: string }, ip: string, publicUrl: string, now = new Date()): Promise<{ phone: string }> {
  const problem = phoneError(input.phone);
  if (problem) throw new ValidationError(problem, "phone");
  const phone = normalizeNigerianPhone(input.phone)!;
  await hitRateLimit(prisma, [`orders-by-phone:ip:${ip}`], ORDERS_BY_PHONE_RULES.perAddress, now);
  await hitRateLimit(prisma, [`orders-by-phone:phone:${phone}`], ORDERS_BY_PHONE_RULES.perPhone, now);
  const orders = await prisma.order.findMany({
    where: { customerPhone: { in: storedForms(phone) }, createdAt: { gte: new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000) } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { shortOrderId: true, customerEmail: true, customerName: true, createdAt: true, status: true },
  });
  const byEmail = new Map<string, typeof orders>();
  for (const order of orders) {
    // An order taken in a DM may have no email: nothing to send it to.
    if (!order.customerEmail) continue;
    const email = order.customerEmail.trim().toLowerCase();
    byEmail.set(email, [...(byEmail.get(email) ?? []), order].slice(0, MAX_ORDERS));
  }
  await queueEmails(
    prisma,
    [...byEmail].map(([to, list]) => ({
      to,
      subject: list.length === 1 ? `Your order ${list[0]!.shortOrderId}` : `Your ${list.length} orders`,
      body: [
        `Hello ${list[0]!.customerName},`,
        "",
        `Someone asked for the orders placed with the phone number ${formatPhone(phone)}. Here they are:`,
        "",
        ...list.map((order) => `${order.shortOrderId} · placed ${formatLagosDate(order.createdAt)} · ${orderStatusLabel(order.status)} · ${publicUrl}/track-order/${order.shortOrderId}`),
        "",
        "Open an order's full details on the tracker with its reference and this phone number.",
        "If you did not ask for this, you can ignore this email: it went only to you.",
      ].join("\n"),
    })),
  );
  return { phone: formatPhone(phone) };
}
