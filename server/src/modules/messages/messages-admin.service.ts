// The message outbox as admins see it (the Messages tab beside Emails): a retry for a failed message.
import type { Db } from "../../db/database.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";

/** Puts a failed message back in the queue for the next delivery pass. */
export async function retryMessage(prisma: Db, id: string) {
  invariant(isUuid(id), "Message not found", "id");
  const message = await prisma.messageOutbox.findUnique({ where: { id }, select: { status: true } });
  if (!message) throw new NotFoundError("Message not found");
  if (message.status !== "failed") throw new ValidationError("Only failed messages can be retried");
  return prisma.messageOutbox.update({ where: { id }, data: { status: "queued", attempts: 0, nextAttemptAt: new Date() } });
}
