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
