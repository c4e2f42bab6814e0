// Emails the shoppers who asked to be told when a drop goes live (see modules/drops). Safe on every
// instance at once: each reminder is locked and marked in the transaction that queues its email.
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { sendDueDropReminders } from "../modules/drops/drops.service.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const DROP_REMINDER_INTERVAL_MS = 5_000;

/** clock lets tests decide what "now" is. */
export function dropReminderJob(prisma: Db, config: Config, clock: () => Date = () => new Date()): ScheduledJob {
  return {
    name: "drop-reminders",
    intervalMs: DROP_REMINDER_INTERVAL_MS,
    initialDelayMs: 5_000,
    async run() {
      const queued = await sendDueDropReminders(prisma, config, clock());
      if (queued) logger.info(`Queued ${queued} drop reminder email(s)`);
      return queued;
    },
  };
}
