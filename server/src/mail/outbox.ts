// Emails are written to the outbox inside the transaction of the change they report, so a
// failed delivery never undoes or blocks an order; a worker delivers them later.
import { randomUUID } from "node:crypto";
import { Prisma } from "../generated/prisma/client.ts";

export interface EmailMessage {
  /** Null: the shopper gave no email (an order taken in a DM or at the stall), so nothing is sent. */
  to: string | null;
  subject: string;
  body: string;
  /** Extra headers sent with it (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

type Tx = Pick<Prisma.TransactionClient, "emailOutbox" | "$executeRaw">;

export async function queueEmail(tx: Tx, message: EmailMessage): Promise<void> {
  if (message.to === null) return;
  await tx.$executeRaw(emailSql({ ...message, to: message.to }));
}

/** The email's INSERT, on its own (queueEmail) or inside a statement that does more (the
 *  checkout's, on the driver). Due at once: the worker picks it up on its next round. */
export function emailSql(message: EmailMessage & { to: string }): Prisma.Sql {
  const now = new Date();
  return Prisma.sql`INSERT INTO email_outbox (id, "to", subject, body, headers, next_attempt_at, created_at)
    VALUES (${randomUUID()}::uuid, ${message.to}, ${message.subject}, ${message.body}, ${message.headers ? JSON.stringify(message.headers) : null}::jsonb, ${now}, ${now})`;
}

/** Many emails in one statement (a batch of drop reminders). */
export async function queueEmails(tx: Tx, messages: EmailMessage[]): Promise<void> {
  const data = messages.flatMap((message) => (message.to === null ? [] : [{ ...message, to: message.to }]));
  if (data.length) await tx.emailOutbox.createMany({ data });
}
