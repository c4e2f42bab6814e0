// Verifies pending provider payments and refunds every PAYSTACK_RECONCILE_INTERVAL_MS, so a lost
// webhook does not lose money or leave a refund pending for ever (see
// modules/payments/provider-payments.service.ts and modules/claims/claims.service.ts). Safe on every
// instance at once.
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { reconcilePendingPayments } from "../modules/payments/provider-payments.service.ts";
import { reconcilePendingRefunds } from "../modules/claims/claims.service.ts";
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
      const now = clock();
      const payments = await reconcilePendingPayments(prisma, config, provider, now);
      if (payments.settled) logger.info(`Reconciliation settled ${payments.settled} of ${payments.checked} pending payment(s)`);
      const refunds = await reconcilePendingRefunds(prisma, config, provider, intervalMs, now);
      if (refunds.settled) logger.info(`Reconciliation settled ${refunds.settled} of ${refunds.checked} pending refund(s)`);
      return { payments, refunds };
    },
  };
}
