// Delivers the outbox by SMTP when SMTP_URL is set. Rows are claimed with a lease
// (FOR UPDATE SKIP LOCKED) so several server instances never send the same email twice at once;
// failures are logged and retried with exponential backoff, then marked failed for an admin to retry.
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/database.ts";
import type { Config } from "../config.ts";
import { logger } from "../logger.ts";
import { isDatabaseUnavailable, reportUnavailable } from "../db/unavailable.ts";

export const MAX_ATTEMPTS = 6;
const BATCH = 20;
/** How long a claimed row stays invisible to other workers while it is being sent. */
const LEASE_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min, 4 min … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface MailSender {
  send(message: { from: string; to: string; subject: string; text: string; messageId?: string; headers?: Record<string, string> }): Promise<unknown>;
  close(): void;
}

export function smtpSender(smtpUrl: string): MailSender {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: (message) => transport.sendMail(message),
    close: () => transport.close(),
  };
}

/** A stable Message-ID for an outbox row, in the sender's domain. */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "thrift.local";
  return `<${outboxId}@${domain}>`;
}

/** Sends every due email once; returns how many were sent and how many failed this pass. */
export async function deliverDueEmails(prisma: Db, sender: MailSender, from: string): Promise<{ sent: number; failed: number }> {
  const leaseUntil = new Date(Date.now() + LEASE_MS);
  const claimed = await prisma.$queryRaw<{ id: string; to: string; subject: string; body: string; attempts: number; headers: Record<string, string> | null }[]>`
    UPDATE email_outbox SET next_attempt_at = ${leaseUntil}
    WHERE id IN (
      SELECT id FROM email_outbox
      WHERE status = 'queued' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, created_at
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, "to", subject, body, attempts, headers`;
  let sent = 0;
  let failed = 0;
  for (const email of claimed) {
    const attempts = email.attempts + 1;
    try {
      // The same Message-ID on every attempt: when an instance dies after the SMTP server took a
      // message but before it was marked sent, the resend after the lease is recognisably the same
      // message (mail clients and providers show it once), not a second email.
      await sender.send({ from, to: email.to, subject: email.subject, text: email.body, messageId: messageIdOf(email.id, from), ...(email.headers ? { headers: email.headers } : {}) });
      await prisma.emailOutbox.update({ where: { id: email.id }, data: { status: "sent", sentAt: new Date(), attempts, lastError: null } });
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= MAX_ATTEMPTS;
      logger.warn(giveUp ? "Email delivery failed; giving up until an admin retries" : "Email delivery failed; will retry", {
        emailId: email.id,
        attempts,
        error: message,
      });
      await prisma.emailOutbox.update({
        where: { id: email.id },
        data: {
          attempts,
          lastError: message.slice(0, 1000),
          status: giveUp ? "failed" : "queued",
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        },
      });
    }
  }
  return { sent, failed };
}

export interface MailDelivery {
  stop(): Promise<void>;
}

/** Starts the delivery loop when SMTP is configured; without SMTP the outbox is the record. */
export function startMailDelivery(prisma: Db, config: Config, options: { intervalMs?: number; sender?: MailSender } = {}): MailDelivery {
  if (!config.smtpUrl && !options.sender) return { stop: async () => undefined };
  const sender = options.sender ?? smtpSender(config.smtpUrl!);
  const intervalMs = options.intervalMs ?? 2_000;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    running = deliverDueEmails(prisma, sender, config.mailFrom)
      .then(() => undefined)
      // The next pass retries; a claimed row's lease runs out, so nothing is lost or sent twice.
      .catch((error) => (isDatabaseUnavailable(error) ? reportUnavailable("email delivery", error) : logger.error("Email delivery pass failed", error)))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      sender.close();
    },
  };
}
