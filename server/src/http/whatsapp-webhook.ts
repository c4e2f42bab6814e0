// /api/messages/whatsapp/webhook: Meta's WhatsApp webhook (decision 036).
// GET is Meta's verification: hub.mode=subscribe with our WHATSAPP_VERIFY_TOKEN is answered with
// hub.challenge as plain text, anything else 403. POST carries status updates and inbound messages
// and is read only with a valid X-Hub-Signature-256 (HMAC-SHA256 of the raw body keyed with
// WHATSAPP_APP_SECRET): none is 401, a wrong one 403, and neither changes anything. A good one is
// recorded before the 200, so a failure is answered 500 and Meta delivers it again.
import express, { Router } from "express";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { validWhatsAppSignature } from "../modules/messages/providers/whatsapp.ts";
import { applyWhatsAppWebhook, type WebhookPayload } from "../modules/messages/webhook.service.ts";

export const WHATSAPP_WEBHOOK_PATH = "/api/messages/whatsapp/webhook";

export function whatsappWebhookRoutes(config: Config, prisma: Db): Router {
  const router = Router();
  const whatsapp = config.whatsapp;
  router.get(WHATSAPP_WEBHOOK_PATH, (req, res) => {
    const { "hub.mode": mode, "hub.verify_token": token, "hub.challenge": challenge } = req.query;
    if (whatsapp?.verifyToken && mode === "subscribe" && token === whatsapp.verifyToken && typeof challenge === "string") {
      res.type("text/plain").send(challenge);
      return;
    }
    res.status(403).type("text/plain").send("Forbidden");
  });
  router.post(WHATSAPP_WEBHOOK_PATH, express.raw({ type: () => true, limit: "256kb" }), async (req, res, next) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.get("x-hub-signature-256");
    if (!signature) {
      res.status(401).json({ error: "Missing X-Hub-Signature-256" });
      return;
    }
    if (!whatsapp?.appSecret || !validWhatsAppSignature(whatsapp.appSecret, body, signature)) {
      logger.warn(`WhatsApp webhook refused from ${req.ip}: invalid signature`);
      res.status(403).json({ error: "Invalid signature" });
      return;
    }
    let payload: WebhookPayload;
    try {
      payload = JSON.parse(body.toString("utf8")) as WebhookPayload;
    } catch {
      res.status(400).json({ error: "Not JSON" });
      return;
    }
    try {
      const { statuses, optOuts } = await applyWhatsAppWebhook(prisma, config, payload);
      if (optOuts) logger.info(`WhatsApp: ${optOuts} number(s) replied STOP`);
      res.status(200).json({ received: true, statuses });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
