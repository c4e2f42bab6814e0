// Emails are written to the outbox inside the transaction of the change they report, so a
// failed delivery never undoes or blocks an order; a worker delivers them later.
import type { Prisma } from "../generated/prisma/client.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
}

type Tx = Pick<Prisma.TransactionClient, "emailOutbox">;

export async function queueEmail(tx: Tx, message: EmailMessage): Promise<void> {
  await tx.emailOutbox.create({ data: message });
}
