// Reminds shoppers of unpaid orders before their hold ends (modules/messages/payment-reminders).
// Every 10 s, so a reminder goes within 30 s of becoming due; safe on every instance at once.
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { sendDuePaymentReminders } from "../modules/messages/payment-reminders.service.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const PAYMENT_REMINDER_INTERVAL_MS = 10_000;

/** None when PAYMENT_REMINDER_BEFORE_MINUTES is 0. */
export function paymentReminderJob(prisma: Db, config: Config): ScheduledJob | null {
  if (!config.paymentReminderBeforeMinutes) return null;
  return {
    name: "payment-reminders",
    intervalMs: PAYMENT_REMINDER_INTERVAL_MS,
    initialDelayMs: 2_000,
    async run() {
      const reminded = await sendDuePaymentReminders(prisma, config, new Date());
      if (reminded) logger.info(`Reminded ${reminded} unpaid order(s) of their payment`);
      return reminded;
    },
  };
}
