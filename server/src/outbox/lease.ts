// The lease-and-backoff shape every outbox shares (email_outbox, message_outbox; decision 036).
// Rows are claimed by moving their next attempt past a lease (FOR UPDATE SKIP LOCKED), so several
// server instances never take the same row at once, and a row whose instance died mid-send comes
// back when its lease runs out: nothing is lost to a restart. Failures wait longer each time, then
// the row is marked failed for an admin to retry.
import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import { isDatabaseUnavailable, reportUnavailable } from "../db/unavailable.ts";

export const MAX_ATTEMPTS = 6;

/** 30 s, 1 min, 2 min, 4 min … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export type OutboxTable = "email_outbox" | "message_outbox";

/**
 * Claims up to `batch` due rows of `table` for `leaseMs` and returns them (`columns` of each). A
 * row is due while queued and its next attempt has come; claiming moves that attempt past the lease.
 */
export function claimDue<Row>(prisma: Db, table: OutboxTable, columns: Prisma.Sql, options: { batch: number; leaseMs: number }): Promise<Row[]> {
  const leaseUntil = new Date(Date.now() + options.leaseMs);
  const name = Prisma.raw(table);
  return prisma.$queryRaw<Row[]>`
    UPDATE ${name} SET next_attempt_at = ${leaseUntil}
    WHERE id IN (
      SELECT id FROM ${name}
      WHERE status = 'queued' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, created_at
      LIMIT ${options.batch}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${columns}`;
}

/** What a failed attempt leaves on its row: queued again after the backoff, or failed for good
 *  (after MAX_ATTEMPTS, or at once when another attempt cannot help). */
export function afterFailure(attempts: number, retryable = true): { giveUp: boolean; nextAttemptAt: Date } {
  return { giveUp: !retryable || attempts >= MAX_ATTEMPTS, nextAttemptAt: new Date(Date.now() + backoffMs(attempts)) };
}

export interface DeliveryLoop {
  /** Waits for a pass in progress, then stops. */
  stop(): Promise<void>;
}

/** Runs `pass` now and then every `intervalMs` after the previous pass ended, until stopped; at
 *  once again when a pass says more is due (it filled its batch), so a drop night's hundreds of
 *  messages go out at the provider's pace rather than one batch per interval. */
export function startDeliveryLoop(name: string, pass: () => Promise<boolean>, intervalMs: number): DeliveryLoop {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    running = pass()
      // The next pass retries; a claimed row's lease runs out, so nothing is lost or sent twice.
      .catch((error) => {
        if (isDatabaseUnavailable(error)) reportUnavailable(name, error);
        else logger.error(`${name} pass failed`, error);
        return false;
      })
      .then((more) => {
        if (!stopped) timer = setTimeout(tick, more ? 0 : intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
