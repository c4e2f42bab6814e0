// Cancels unpaid orders whose hold has ended and returns their stock (see modules/payments/holds).
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { expireOverdueOrders } from "../modules/payments/holds.service.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const HOLD_EXPIRY_INTERVAL_MS = 60_000;

/** clock lets tests decide what "now" is. */
export function holdExpiryJob(prisma: Db, config: Config, clock: () => Date = () => new Date()): ScheduledJob {
  return {
    name: "hold-expiry",
    intervalMs: HOLD_EXPIRY_INTERVAL_MS,
    initialDelayMs: 5_000,
    async run() {
      const expired = await expireOverdueOrders(prisma, config, clock());
      if (expired.length) logger.info(`Expired ${expired.length} unpaid order(s) or released their unpaid additions`, expired);
      return expired;
    },
  };
}
