// Fixed-window counters in the database, so every server instance shares them.
import type { Db } from "../../db/database.ts";
import { RateLimitError } from "../errors.ts";

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** Counts one attempt against each key; throws RateLimitError once any key is over its limit. */
export async function hitRateLimit(prisma: Db, keys: string[], rule: RateRule, now = new Date()): Promise<void> {
  for (const key of keys) {
    const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
    // One statement: start a new window when the old one is over, else count in it.
    const rows = await prisma.$queryRaw<{ count: number; reset_at: Date }[]>`
      INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${resetAt})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END
      RETURNING count, reset_at`;
    const row = rows[0];
    if (row && row.count > rule.limit) {
      throw new RateLimitError(Math.max(1, Math.round((new Date(row.reset_at).getTime() - now.getTime()) / 1000)));
    }
  }
}

/** Counts one event under key in a fixed window; returns the count so far (never throws). */
export async function countEvent(prisma: Db, key: string, windowSeconds: number, now = new Date()): Promise<number> {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${resetAt})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END
    RETURNING count`;
  return Number(rows[0]?.count ?? 1);
}

/**
 * Runs a lookup whose misses are guesses (an order reference, a discount code) under an allowance
 * of misses per key, a client address in practice. Each lookup is counted before it runs, so
 * concurrent guesses in one request count too, and taken back when it finds something: only misses
 * use up the allowance, and a shopper who asks again about what exists is never limited. Over the
 * allowance: RateLimitError, and the lookup does not run.
 */
export async function limitMisses<T>(prisma: Db, key: string, rule: RateRule, lookup: () => Promise<T>, missed: (result: T) => boolean, now = new Date()): Promise<T> {
  const count = await countEvent(prisma, key, rule.windowSeconds, now);
  if (count > rule.limit) {
    await uncountEvent(prisma, key);
    const row = await prisma.rateLimit.findUnique({ where: { key }, select: { resetAt: true } });
    throw retryAfter(row?.resetAt ?? now, now);
  }
  const result = await lookup();
  if (!missed(result)) await uncountEvent(prisma, key);
  return result;
}

/** Marks key as active until the given time (a lock, or a remembered fact with an expiry). */
export async function setUntil(prisma: Db, key: string, until: Date): Promise<void> {
  await prisma.rateLimit.upsert({ where: { key }, create: { key, count: 1, resetAt: until }, update: { count: 1, resetAt: until } });
}

/** The latest time any of the keys is active until, or null when none is active now. */
export async function activeUntil(prisma: Db, keys: string[], now = new Date()): Promise<Date | null> {
  const rows = await prisma.rateLimit.findMany({ where: { key: { in: keys }, resetAt: { gt: now } }, select: { resetAt: true } });
  return rows.reduce<Date | null>((latest, row) => (!latest || row.resetAt > latest ? row.resetAt : latest), null);
}

export async function clearKeys(prisma: Db, keys: string[]): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key: { in: keys } } });
}

export function retryAfter(until: Date, now = new Date()): RateLimitError {
  return new RateLimitError(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
}

/** Takes back one counted event (e.g. a lookup that turned out to be no guess). */
export async function uncountEvent(prisma: Db, key: string): Promise<void> {
  await prisma.rateLimit.updateMany({ where: { key, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
}
