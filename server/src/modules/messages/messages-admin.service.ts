// The message outbox as admins see it (the Messages tab beside Emails): a retry for a failed message.
import type { Db } from "../../db/database.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";

export const RETRY_MESSAGES = {
  notFailed: "Only failed messages can be retried",
  optedOut: "This number replied STOP, so it gets no more messages",
  fellBack: "This message already went out by SMS instead",
} as const;

/** Puts a failed message back in the queue for the next delivery pass: not to a buyer who has
 *  replied STOP since, nor one whose SMS stand-in was already sent in its place. */
export async function retryMessage(prisma: Db, id: string) {
  invariant(isUuid(id), "Message not found", "id");
  const message = await prisma.messageOutbox.findUnique({ where: { id }, select: { status: true, to: true, template: true } });
  if (!message) throw new NotFoundError("Message not found");
  if (message.status !== "failed") throw new ValidationError(RETRY_MESSAGES.notFailed);
  // The owner's own alerts are not the buyer's to stop (as when they are queued: queueSmsFallback).
  const optedOut = message.template !== "owner_new_order" && (await prisma.messageOptOut.count({ where: { phone: message.to } })) > 0;
  if (optedOut) throw new ValidationError(RETRY_MESSAGES.optedOut);
  if (await prisma.messageOutbox.count({ where: { fallbackOf: id, status: { not: "failed" } } })) throw new ValidationError(RETRY_MESSAGES.fellBack);
  return prisma.messageOutbox.update({ where: { id }, data: { status: "queued", attempts: 0, nextAttemptAt: new Date() } });
}
