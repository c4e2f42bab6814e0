// Delivers message_outbox with the outboxes' lease and backoff (outbox/lease.ts): each due row is
// claimed by one instance, sent through its channel's provider, and marked sent with the
// provider's id. 429 and 5xx answers are retried later; a refused WhatsApp message is failed at
// once, and a failed WhatsApp message falls back to one SMS when Termii is configured.
import { randomUUID } from "node:crypto";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { MessageChannel } from "../../generated/prisma/enums.ts";
import { logger } from "../../logger.ts";
import { afterFailure, claimDue, startDeliveryLoop, type DeliveryLoop } from "../../outbox/lease.ts";
import { CALL_TIMEOUT_MS, MessageSendError, type MessageProvider } from "./providers/provider.ts";
import { WhatsAppCloud } from "./providers/whatsapp.ts";
import { TermiiSms } from "./providers/termii.ts";

const BATCH = 20;
/** How long a claimed message stays invisible to other instances while it is being sent: longer
 *  than a whole batch of calls that each wait out their timeout, so a slow provider never lets a
 *  second instance claim (and send) what this one has still to send. */
const LEASE_MS = BATCH * CALL_TIMEOUT_MS + 60_000;

export type Providers = Partial<Record<MessageChannel, MessageProvider>>;

export function messageProviders(config: Pick<Config, "whatsapp" | "termii">): Providers {
  return {
    ...(config.whatsapp ? { whatsapp: new WhatsAppCloud(config.whatsapp) } : {}),
    ...(config.termii ? { sms: new TermiiSms(config.termii) } : {}),
  };
}

interface ClaimedMessage {
  id: string;
  channel: MessageChannel;
  template: string;
  to: string;
  params: string[];
  text: string;
  attempts: number;
}

type Sql = { $executeRaw(query: Prisma.Sql): Promise<number> };

/**
 * The SMS that stands in for a failed WhatsApp message, once (fallback_of is unique), when Termii
 * is configured and the number has not opted out. Returns whether one was queued.
 */
export async function queueSmsFallback(db: Sql, config: Pick<Config, "termii">, messageId: string): Promise<boolean> {
  if (!config.termii) return false;
  const now = new Date();
  const queued = await db.$executeRaw(Prisma.sql`
    INSERT INTO message_outbox (id, order_id, channel, template, "to", params, text, fallback_of, next_attempt_at, created_at)
    SELECT ${randomUUID()}::uuid, m.order_id, 'sms', m.template, m."to", m.params, m.text, m.id, ${now}, ${now}
    FROM message_outbox m
    WHERE m.id = ${messageId}::uuid AND m.channel = 'whatsapp'
      AND (m.template = 'owner_new_order' OR NOT EXISTS (SELECT 1 FROM message_opt_outs o WHERE o.phone = m."to"))
    ON CONFLICT (fallback_of) DO NOTHING`);
  return queued > 0;
}

/** Sends every due message once; returns how many were sent and how many failed this pass. */
export async function deliverDueMessages(prisma: Db, config: Pick<Config, "termii">, providers: Providers): Promise<{ sent: number; failed: number }> {
  const claimed = await claimDue<ClaimedMessage>(prisma, "message_outbox", Prisma.sql`id, channel, template, "to", params, text, attempts`, { batch: BATCH, leaseMs: LEASE_MS });
  let sent = 0;
  let failed = 0;
  for (const message of claimed) {
    const attempts = message.attempts + 1;
    try {
      const provider = providers[message.channel];
      if (!provider) throw new MessageSendError(`${message.channel === "whatsapp" ? "WhatsApp" : "SMS"} is not configured`, false);
      const { providerMessageId } = await provider.send(message);
      // A status webhook heard before this line (it names the row) already moved it past "sent".
      await prisma.$executeRaw`
        UPDATE message_outbox SET status = CASE WHEN status = 'queued' THEN 'sent'::"MessageStatus" ELSE status END,
          provider_message_id = COALESCE(provider_message_id, ${providerMessageId}), sent_at = ${new Date()}, attempts = ${attempts}, last_error = NULL
        WHERE id = ${message.id}::uuid`;
      sent++;
    } catch (error) {
      failed++;
      const reason = error instanceof Error ? error.message : String(error);
      const { giveUp, nextAttemptAt } = afterFailure(attempts, !(error instanceof MessageSendError) || error.retryable);
      logger.warn(giveUp ? "Message not sent; failed" : "Message not sent; will retry", { messageId: message.id, channel: message.channel, attempts, error: reason });
      await prisma.$transaction(async (tx) => {
        // Only a message still queued: a status webhook heard meanwhile (the provider took it after
        // all: sent, delivered) or the buyer's STOP (cancelled) decided it, and a retry or a
        // fallback SMS would send it twice or after the STOP.
        const { count } = await tx.messageOutbox.updateMany({
          where: { id: message.id, status: "queued" },
          data: { attempts, lastError: reason.slice(0, 1000), status: giveUp ? "failed" : "queued", nextAttemptAt, ...(giveUp ? { statusAt: new Date() } : {}) },
        });
        if (giveUp && count === 1) await queueSmsFallback(tx, config, message.id);
      });
    }
  }
  return { sent, failed };
}

/** Starts the delivery loop when WhatsApp or Termii is configured (or providers are given). */
export function startMessageDelivery(prisma: Db, config: Config, options: { intervalMs?: number; providers?: Providers } = {}): DeliveryLoop {
  const providers = options.providers ?? messageProviders(config);
  if (!Object.keys(providers).length) return { stop: async () => undefined };
  const pass = () => deliverDueMessages(prisma, config, providers).then(({ sent, failed }) => sent + failed >= BATCH);
  return startDeliveryLoop("message delivery", pass, options.intervalMs ?? 2_000);
}
