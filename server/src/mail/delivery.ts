// Delivers the outbox by SMTP when SMTP_URL is set, with the outboxes' lease and backoff
// (outbox/lease.ts): several server instances never send the same email twice at once; failures
// are logged and retried with exponential backoff, then marked failed for an admin to retry.
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/database.ts";
import type { Config } from "../config.ts";
import { logger } from "../logger.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { afterFailure, claimDue, startDeliveryLoop } from "../outbox/lease.ts";

// 20 a pass per instance: a drop night's confirmations (hundreds a minute) go out as they come.
const BATCH = 20;
/** The longest one email may take to send (a healthy SMTP server takes well under a second): then
 *  it is given up (the connection closed) and retried. nodemailer's own defaults wait up to 2 min
 *  to connect and 10 min on a silent server. */
const SEND_TIMEOUT_MS = 15_000;
/** SMTP_URL's query may set nodemailer's options; these apply when it does not. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 };
/** How long a claimed row stays invisible to other workers while it is being sent: longer than a
 *  whole batch of sends that each wait out their timeout, so a slow SMTP server never lets a second
 *  instance claim (and send again) what this one has still to send. */
const LEASE_MS = BATCH * SEND_TIMEOUT_MS + 60_000;

export interface MailSender {
  send(message: { from: string; to: string; subject: string; text: string; messageId?: string; headers?: Record<string, string>; signal?: AbortSignal }): Promise<unknown>;
  close(): void;
}

export function smtpSender(smtpUrl: string): MailSender {
  const transport: Transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
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
  const claimed = await claimDue<{ id: string; to: string; subject: string; body: string; attempts: number; headers: Record<string, string> | null }>(
    prisma,
    "email_outbox",
    Prisma.sql`id, "to", subject, body, attempts, headers`,
    { batch: BATCH, leaseMs: LEASE_MS },
  );
  let sent = 0;
  let failed = 0;
  for (const email of claimed) {
    const attempts = email.attempts + 1;
    try {
      // The same Message-ID on every attempt: when an instance dies after the SMTP server took a
      // message but before it was marked sent, the resend after the lease is recognisably the same
      // message (mail clients and providers show it once), not a second email.
      await sender.send({
        from,
        to: email.to,
        subject: email.subject,
        text: email.body,
        messageId: messageIdOf(email.id, from),
        ...(email.headers ? { headers: email.headers } : {}),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await prisma.emailOutbox.update({ where: { id: email.id }, data: { status: "sent", sentAt: new Date(), attempts, lastError: null } });
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      const { giveUp, nextAttemptAt } = afterFailure(attempts);
      logger.warn(giveUp ? "Email delivery failed; giving up until an admin retries" : "Email delivery failed; will retry", {
        emailId: email.id,
        attempts,
        error: message,
      });
      // Only a row still queued: one another instance sent meanwhile (this send outlived its lease)
      // stays sent, not queued to go a third time.
      await prisma.emailOutbox.updateMany({
        where: { id: email.id, status: "queued" },
        data: {
          attempts,
          lastError: message.slice(0, 1000),
          status: giveUp ? "failed" : "queued",
          nextAttemptAt,
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
  const pass = () => deliverDueEmails(prisma, sender, config.mailFrom).then(({ sent, failed }) => sent + failed >= BATCH);
  const loop = startDeliveryLoop("email delivery", pass, options.intervalMs ?? 2_000);
  return {
    async stop() {
      await loop.stop();
      sender.close();
    },
  };
}
