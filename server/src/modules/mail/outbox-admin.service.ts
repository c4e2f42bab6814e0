// The outbox as admins see it: what was queued, sent or failed, and a retry for failed emails.
import type { Db } from "../../db/database.ts";
import type { EmailStatus } from "../../generated/prisma/enums.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { pageWindow } from "../paging.ts";
import { isUuid } from "../../../../common/uuid.ts";

/** Query arguments for one page of an outbox (emails, messages), newest first. */
export function outboxPage<Status extends string = EmailStatus>(status: Status | null, offset?: number | null, limit?: number | null) {
  return {
    where: status ? { status } : {},
    orderBy: [{ createdAt: "desc" as const }, { id: "asc" as const }],
    ...pageWindow(offset, limit, { defaultLimit: 50, maxLimit: 200 }),
  };
}

/** Puts a failed email back in the queue for the next delivery pass. */
export async function retryEmail(prisma: Db, id: string) {
  invariant(isUuid(id), "Email not found", "id");
  const email = await prisma.emailOutbox.findUnique({ where: { id } });
  if (!email) throw new NotFoundError("Email not found");
  if (email.status !== "failed") throw new ValidationError("Only failed emails can be retried");
  return prisma.emailOutbox.update({ where: { id }, data: { status: "queued", attempts: 0, nextAttemptAt: new Date() } });
}

export const NOT_SENT_NO_SMTP = "not sent: no SMTP configured";

/**
 * How an email's delivery reads to the admin. Without SMTP nothing is ever delivered, so a queued
 * email says so instead of "queued" forever (it stays queued: it is sent once SMTP_URL is set).
 */
export function deliveryStateOf(email: { status: string }, smtpConfigured: boolean): string {
  return email.status === "queued" && !smtpConfigured ? NOT_SENT_NO_SMTP : email.status;
}
