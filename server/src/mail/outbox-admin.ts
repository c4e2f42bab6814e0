// The outbox as admins see it: what was queued, sent or failed, and a retry for failed emails.
import type { Db } from "../db/database.ts";
import type { EmailStatus } from "../generated/prisma/enums.ts";
import { NotFoundError, ValidationError, invariant } from "../modules/errors.ts";

/** Query arguments for one page of the outbox, newest first. */
export function outboxPage(status: EmailStatus | null, offset = 0, limit = 50) {
  invariant(Number.isInteger(offset) && offset >= 0, "offset must be 0 or more", "offset");
  invariant(Number.isInteger(limit) && limit >= 1 && limit <= 200, "limit must be between 1 and 200", "limit");
  return {
    where: status ? { status } : {},
    orderBy: [{ createdAt: "desc" as const }, { id: "asc" as const }],
    skip: offset,
    take: limit,
  };
}

/** Puts a failed email back in the queue for the next delivery pass. */
export async function retryEmail(prisma: Db, id: string) {
  invariant(/^[0-9a-f-]{36}$/i.test(id), "Email not found", "id");
  const email = await prisma.emailOutbox.findUnique({ where: { id } });
  if (!email) throw new NotFoundError("Email not found");
  if (email.status !== "failed") throw new ValidationError("Only failed emails can be retried");
  return prisma.emailOutbox.update({ where: { id }, data: { status: "queued", attempts: 0, nextAttemptAt: new Date() } });
}
