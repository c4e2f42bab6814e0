// Drops (decision 020): what the home page announces (the next drop: its time, how many pieces, in
// which categories; never the hidden pieces themselves), and shoppers' requests to be emailed when
// it goes live. A drop is the set of products that share one goes_live_at.
import type { Db } from "../../db/database.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Config } from "../../config.ts";
import { emailError } from "../../../../common/validation.ts";
import { formatLagosTime } from "../../../../common/lagos-time.ts";
import { queueEmails } from "../../mail/outbox.ts";
import { hitRateLimit } from "../accounts/rate-limit.ts";
import { SIGNUP_RULES } from "../accounts/accounts.service.ts";
import { ValidationError } from "../errors.ts";
import { signingKey, unsubscribeToken } from "./unsubscribe-token.ts";

export interface DropSummary {
  at: Date;
  productCount: number;
  /** Category names of its pieces ("Ladies - Gowns"), alphabetical; uncategorised ones not named. */
  categories: string[];
}

/** The earliest drop still to come, or null. */
export async function nextDrop(prisma: Db, now = new Date()): Promise<DropSummary | null> {
  const next = await prisma.product.aggregate({ where: { goesLiveAt: { gt: now } }, _min: { goesLiveAt: true } });
  const at = next._min.goesLiveAt;
  if (!at) return null;
  const pieces = await prisma.product.findMany({ where: { goesLiveAt: at }, select: { category: { select: { name: true } } } });
  const categories = [...new Set(pieces.flatMap((p) => (p.category ? [p.category.name] : [])))].sort();
  return { at, productCount: pieces.length, categories };
}

export const CONSENT_MESSAGE = "Tick the box to agree to one email when the drop goes live";
export const NO_DROP_MESSAGE = "There is no drop coming up right now. Check back soon!";

export interface DropReminderInput {
  email: string;
  consent: boolean;
}

/** Stores a request to be told when the next drop goes live: one per email per drop (asking again
 *  changes nothing), rate-limited like sign-up. Answers the drop's time. */
export async function requestDropReminder(prisma: Db, input: DropReminderInput, ip: string, now = new Date()): Promise<{ dropAt: Date }> {
  const problem = emailError(input.email);
  if (problem) throw new ValidationError(problem, "email");
  if (input.consent !== true) throw new ValidationError(CONSENT_MESSAGE, "consent");
  const email = input.email.trim().toLowerCase();
  await hitRateLimit(prisma, [`drop-reminder:ip:${ip}`], SIGNUP_RULES.perAddress, now);
  await hitRateLimit(prisma, [`drop-reminder:email:${email}`], SIGNUP_RULES.perEmail, now);
  const drop = await nextDrop(prisma, now);
  if (!drop) throw new ValidationError(NO_DROP_MESSAGE, "email");
  // ON CONFLICT: two taps at once store one request.
  await prisma.$executeRaw`
    INSERT INTO drop_reminders (id, email, drop_at, consent_at) VALUES (gen_random_uuid(), ${email}, ${drop.at}, ${now})
    ON CONFLICT (email, drop_at) DO NOTHING`;
  return { dropAt: drop.at };
}

/** Reminders sent per transaction; the job loops until none are due. */
const REMINDER_BATCH = 50;

interface DueReminder {
  id: string;
  email: string;
  drop_at: Date;
}

/** Queues one email per due reminder, exactly once even when several instances run this at the
 *  same moment: the rows are locked (SKIP LOCKED) and marked reminded in the transaction that
 *  writes the outbox rows, as hold expiry does. Returns how many were queued. */
export async function sendDueDropReminders(prisma: Db, config: Config, now = new Date()): Promise<number> {
  const key = await signingKey(prisma);
  let queued = 0;
  for (;;) {
    const batch = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueReminder[]>`
        SELECT id::text AS id, email, drop_at FROM drop_reminders
        WHERE reminded_at IS NULL AND drop_at <= ${now}
        ORDER BY drop_at, id
        LIMIT ${REMINDER_BATCH}
        FOR UPDATE SKIP LOCKED`;
      if (!due.length) return 0;
      const counts = new Map<number, number>();
      for (const at of new Set(due.map((r) => new Date(r.drop_at).getTime()))) {
        counts.set(at, await tx.product.count({ where: { goesLiveAt: new Date(at) } }));
      }
      const pieces = (reminder: DueReminder) => counts.get(new Date(reminder.drop_at).getTime()) ?? 0;
      // A moment with no pieces left (its pieces deleted or made live otherwise) went live with
      // nothing: "0 pieces are on sale now" would be untrue. Marked as handled, never emailed.
      await queueEmails(
        tx,
        due.filter((reminder) => pieces(reminder) > 0).map((reminder) => dropLiveEmail(config, reminder, pieces(reminder), unsubscribeToken(key, reminder.id))),
      );
      const { count } = await tx.dropReminder.updateMany({ where: { id: { in: due.map((r) => r.id) }, remindedAt: null }, data: { remindedAt: now } });
      if (count !== due.length) throw new Error(`Drop reminders matched ${count} of ${due.length} locked rows`);
      return due.length;
    });
    queued += batch;
    if (batch < REMINDER_BATCH) return queued;
  }
}

/**
 * Keeps unsent reminders with their drop when an admin moves a product's go-live moment: once no
 * product is left at the old moment (still to come), its reminders follow to the new one, if that
 * is to come too (the drop was moved). Run in the transaction that changes the product. A drop
 * emptied otherwise (its pieces made live now, deleted) keeps its reminders, and the job sends
 * none for a moment with no pieces (sendDueDropReminders).
 */
export async function moveRemindersWithDrop(tx: Prisma.TransactionClient, from: Date | null, to: Date | null, now = new Date()): Promise<void> {
  if (!from || !to || from.getTime() <= now.getTime() || to.getTime() <= now.getTime() || from.getTime() === to.getTime()) return;
  if (await tx.product.count({ where: { goesLiveAt: from } })) return;
  // One reminder per address and moment: an address already waiting for the new moment keeps that one.
  await tx.$executeRaw`
    DELETE FROM drop_reminders moved WHERE moved.drop_at = ${from} AND moved.reminded_at IS NULL
      AND EXISTS (SELECT 1 FROM drop_reminders kept WHERE kept.email = moved.email AND kept.drop_at = ${to})`;
  await tx.dropReminder.updateMany({ where: { dropAt: from, remindedAt: null }, data: { dropAt: to } });
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/drops/unsubscribe?token=${encodeURIComponent(token)}`;
}

function dropLiveEmail(config: Config, reminder: DueReminder, pieces: number, token: string) {
  const link = unsubscribeUrl(config.publicUrl, token);
  const what = pieces === 1 ? "1 piece is" : `${pieces} pieces are`;
  return {
    to: reminder.email,
    subject: `The drop is live at ${config.store.name}`,
    body:
      `Hello,\n\nThe drop you asked about went live at ${formatLagosTime(reminder.drop_at)}: ${what} on sale now, ` +
      `first come, first served.\n\nShop the drop: ${config.publicUrl}/products\n\n` +
      `You get this one email because you asked for it on ${config.store.name}. ` +
      `To take your address off this reminder: ${link}\n`,
    // RFC 2369 and RFC 8058: mail apps show an "Unsubscribe" button that POSTs to the link.
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type UnsubscribeResult = "removed" | "already-removed";

/** Removes the reminder a verified token names. Idempotent: a second click answers already-removed. */
export async function removeDropReminder(prisma: Db, reminderId: string): Promise<UnsubscribeResult> {
  const { count } = await prisma.dropReminder.deleteMany({ where: { id: reminderId } });
  return count ? "removed" : "already-removed";
}

/** The reminder a signed link names, for the confirmation page (null when gone already). */
export async function reminderForUnsubscribe(prisma: Db, reminderId: string) {
  return prisma.dropReminder.findUnique({ where: { id: reminderId }, select: { email: true, dropAt: true } });
}
