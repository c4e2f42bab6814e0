// Verifies pending provider payments every PAYSTACK_RECONCILE_INTERVAL_MS, so a lost webhook does not
// lose money (see modules/payments/provider-payments.service.ts). Safe on every instance at once.
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { reconcilePendingPayments } from "../modules/payments/provider-payments.service.ts";
import { paymentProvider } from "../modules/payments/providers/select.ts";
import type { ScheduledJob } from "./scheduler.ts";

/** Null without a provider: nothing to reconcile. */
export function paymentReconcileJob(prisma: Db, config: Config, clock: () => Date = () => new Date()): ScheduledJob | null {
  const provider = paymentProvider(config);
  if (!provider || !config.paystack) return null;
  const intervalMs = config.paystack.reconcileIntervalMs;
  return {
    name: "payment-reconcile",
    intervalMs,
    initialDelayMs: Math.min(intervalMs, 5_000),
    async run() {
      const result = await reconcilePendingPayments(prisma, config, provider, clock());
      if (result.settled) logger.info(`Reconciliation settled ${result.settled} of ${result.checked} pending payment(s)`);
      return result;
    },
  };
}
