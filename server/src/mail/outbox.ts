// Emails are written to the outbox inside the transaction of the change they report, so a
// failed delivery never undoes or blocks an order; a worker delivers them later.
import type { Prisma } from "../generated/prisma/client.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  /** Extra headers sent with it (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

type Tx = Pick<Prisma.TransactionClient, "emailOutbox">;

export async function queueEmail(tx: Tx, message: EmailMessage): Promise<void> {
  await tx.emailOutbox.create({ data: message });
}

/** Many emails in one statement (a batch of drop reminders). */
export async function queueEmails(tx: Tx, messages: EmailMessage[]): Promise<void> {
  if (messages.length) await tx.emailOutbox.createMany({ data: messages });
}
