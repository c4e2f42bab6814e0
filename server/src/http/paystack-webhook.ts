// POST /api/payments/paystack/webhook: Paystack's signed word that a payment arrived. The signature
// (HMAC-SHA512 of the raw body, compared in constant time) is checked before anything else; a good
// one is answered 200 at once (Paystack retries until it gets one), and the payment is then verified
// with GET /transaction/verify before it gives value (provider-payments.service.ts). Work lost here
// (a crash, Paystack's verify failing) is found by the reconciliation job: a payment we had closed is
// made pending again before the 200 (reopenForCheck), and without a database there is no 200.
import express, { Router } from "express";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { paymentProvider } from "../modules/payments/providers/select.ts";
import { WebhookRefused } from "../modules/payments/providers/provider.ts";
import { reopenForCheck, verifyAndSettle } from "../modules/payments/provider-payments.service.ts";
import { settleRefundsOf } from "../modules/claims/claims.service.ts";

export const PAYSTACK_WEBHOOK_PATH = "/api/payments/paystack/webhook";

export function paystackWebhookRoutes(config: Config, prisma: Db): { router: Router; drain(): Promise<void> } {
  const router = Router();
  const running = new Set<Promise<void>>();
  const provider = paymentProvider(config);
  const allowed = new Set(config.paystack?.webhookIps ?? []);
  router.post(PAYSTACK_WEBHOOK_PATH, express.raw({ type: () => true, limit: "64kb" }), async (req, res) => {
    if (!provider) {
      res.status(404).json({ error: "Automatic payments are off" });
      return;
    }
    const ip = (req.ip ?? "").replace(/^::ffff:/, "");
    if (allowed.size && !allowed.has(ip)) {
      logger.warn(`Paystack webhook refused: ${ip} is not in PAYSTACK_WEBHOOK_IPS`);
      res.status(401).json({ error: "Not from Paystack" });
      return;
    }
    let reference: string | null;
    try {
      reference = provider.readWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.headers);
    } catch (error) {
      if (!(error instanceof WebhookRefused)) throw error;
      logger.warn(`Paystack webhook refused from ${ip}: ${error.message}`);
      res.status(401).json({ error: "Invalid signature" });
      return;
    }
    if (reference) {
      try {
        await reopenForCheck(prisma, provider.name, reference);
      } catch (error) {
        // Not acknowledged: Paystack sends it again.
        logger.error(`Paystack webhook for ${reference} not recorded`, error instanceof Error ? error.message : String(error));
        res.status(503).json({ error: "Try again later" });
        return;
      }
    }
    res.status(200).json({ received: true });
    const refunded = reference ? null : provider.refundEventOf(req.body as Buffer);
    if (refunded) {
      // A refund's outcome: only Paystack's answer to GET /refund/:id settles it (claims.service.ts).
      const work = settleRefundsOf(prisma, config, provider, refunded)
        .then(() => undefined)
        .catch((error: unknown) => logger.error(`Paystack refund webhook for ${refunded} not settled`, error instanceof Error ? error.message : String(error)))
        .finally(() => running.delete(work));
      running.add(work);
      return;
    }
    if (!reference) return;
    const work = verifyAndSettle(prisma, config, provider, reference)
      .then(({ settlement, verified }) => {
        if (!verified) logger.warn(`Paystack webhook for reference ${reference}, which Paystack does not verify; ignored`);
        else if (settlement === "unmatched") logger.warn(`Paystack payment ${reference} matches no order; the owner is told`);
        else logger.info(`Paystack payment ${reference}: ${settlement}`);
      })
      .catch((error: unknown) => logger.error(`Paystack webhook for ${reference} not settled; reconciliation will retry`, error instanceof Error ? error.message : String(error)))
      .finally(() => running.delete(work));
    running.add(work);
  });
  return {
    router,
    async drain() {
      await Promise.allSettled([...running]);
    },
  };
}
