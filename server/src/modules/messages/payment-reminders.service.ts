// Payment reminders (decision 036): an order still awaiting its transfer gets one reminder when
// PAYMENT_REMINDER_BEFORE_MINUTES remain on its hold (and a paid order that grew, one for its
// balance's hold, decision 037), by email always and on WhatsApp or SMS if the
// shopper opted in, with the amount due, the time left in Lagos time and the payment link (an order
// whose whole hold is shorter than that lead time gets none: it would come with the order). Each
// order is locked (SKIP LOCKED) and marked in the transaction that queues its reminder, so several
// instances running the job at once send it once; an order paid, under review, cancelled or past
// its hold is never reminded.
import { Prisma } from "../../generated/prisma/client.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { queueEmails, type EmailMessage } from "../../mail/outbox.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { orderBalance } from "../../../../common/money.ts";
import { forShopper, queueMessages } from "./outbox.ts";
import { payLink, paymentReminder, timeLeft } from "./templates.ts";
import { HOLD_RUNS_SQL } from "../payments/rules.ts";

const BATCH = 50;

interface DueOrder {
  id: string;
  shortOrderId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  whatsappUpdates: boolean;
  total: Prisma.Decimal;
  amountPaid: Prisma.Decimal;
  holdExpiresAt: Date;
  /** Set while a paid order that grew awaits its balance (decision 037). */
  balanceSince: Date | null;
}

export function paymentReminderEmail(config: Pick<Config, "publicUrl" | "store">, order: DueOrder, amountDue: string, now: Date): EmailMessage {
  return {
    to: order.customerEmail,
    subject: `Reminder: order ${order.shortOrderId} is waiting for your payment of ${formatNaira(amountDue)}`,
    body:
      `Hello ${order.customerName},\n\nYour order ${order.shortOrderId} is still waiting for payment of ${formatNaira(amountDue)}. ` +
      `We keep ${order.balanceSince ? "the pieces you added" : "your items"} for ${timeLeft(now, order.holdExpiresAt)}; ` +
      `after ${formatLagosTime(order.holdExpiresAt)} they go back on sale${order.balanceSince ? " and your order goes ahead without them" : ""}.\n\n` +
      `Pay here: ${payLink(config.publicUrl, order.shortOrderId)}\n\n${config.store.name} · ${config.store.phone}\n`,
  };
}

/** Queues the reminders due at `now`, one batch per transaction; returns how many orders were reminded. */
export async function sendDuePaymentReminders(prisma: Db, config: Config, now: Date): Promise<number> {
  if (!config.paymentReminderBeforeMinutes) return 0;
  const dueBy = new Date(now.getTime() + config.paymentReminderBeforeMinutes * 60_000);
  let reminded = 0;
  for (;;) {
    const batch = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueOrder[]>`
        SELECT id::text AS id, short_order_id AS "shortOrderId", customer_name AS "customerName", customer_email AS "customerEmail",
          customer_phone AS "customerPhone", whatsapp_updates AS "whatsappUpdates", total, amount_paid AS "amountPaid", hold_expires_at AS "holdExpiresAt", balance_since AS "balanceSince"
        FROM orders
        WHERE payment_status = 'awaiting_transfer' AND ${HOLD_RUNS_SQL}
          AND payment_reminded_at IS NULL
          AND hold_expires_at > ${now} AND hold_expires_at <= ${dueBy}
          -- A hold shorter than the lead time would be reminded as it starts: such holds are not.
          AND hold_expires_at - COALESCE(balance_since, created_at) > ${config.paymentReminderBeforeMinutes * 60}::float8 * interval '1 second'
        ORDER BY hold_expires_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`;
      if (!due.length) return 0;
      await tx.$executeRaw`UPDATE orders SET payment_reminded_at = ${now} WHERE id IN (${Prisma.join(due.map((o) => Prisma.sql`${o.id}::uuid`))})`;
      const emails: EmailMessage[] = [];
      for (const order of due) {
        const { amountDue } = orderBalance({ ...order, status: "pending", paymentStatus: "awaiting_transfer" });
        emails.push(paymentReminderEmail(config, order, amountDue, now));
        await queueMessages(tx, forShopper(config, order, paymentReminder(config.publicUrl, config.store.name, { ...order, total: amountDue }, order.holdExpiresAt, now)));
      }
      await queueEmails(tx, emails);
      return due.length;
    });
    reminded += batch;
    if (batch < BATCH) return reminded;
  }
}
