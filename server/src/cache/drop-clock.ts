// A drop going live is a moment in time, not a write: no trigger fires, so the cached catalogue
// answers (response cache, catalogue memo) would keep hiding the drop's products until the next
// unrelated change. Each instance therefore keeps a timer for the next drop time it reads from the
// database and, when it passes, bumps its own catalogue version, exactly as a heard NOTIFY would.
// Every instance does this from the shared table, so all of them turn over within milliseconds of
// the drop with no coordination; any write (a drop scheduled, moved or cancelled) re-reads the time
// because the catalogue's onChange runs after every heard change. Answers computed before the drop
// were keyed by the older version, so none can be served after the bump (decision 020).
import type { Db } from "../db/database.ts";
import { logger } from "../logger.ts";
import type { CatalogueVersion } from "./catalogue-version.ts";

/** Longest single wait: timers are re-armed at least this often (and setTimeout caps at ~24.8 days). */
const MAX_WAIT_MS = 60 * 60_000;
/** When the database cannot be asked, try again after this. */
const RETRY_MS = 5_000;

export interface DropClock {
  /** The next drop time this instance knows of (null: none scheduled). */
  next(): Date | null;
  /** Settles once the first read of the next drop time is done (tests). */
  ready(): Promise<void>;
  stop(): void;
}

/** One index lookup (products_goes_live_at_idx). Plain SQL: Prisma's aggregate wraps it in a subquery. */
export async function nextDropAfter(prisma: Db, now: Date): Promise<Date | null> {
  const rows = await prisma.$queryRaw<{ at: Date | null }[]>`SELECT min(goes_live_at) AS at FROM products WHERE goes_live_at > ${now}`;
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

export function watchDrops(prisma: Db, version: CatalogueVersion, clock: () => number = Date.now): DropClock {
  let next: Date | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let reading: Promise<void> | null = null;
  let readAgain = false;

  const arm = (at: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, Math.min(Math.max(at - clock(), 0), MAX_WAIT_MS));
    timer.unref();
  };
  function fire() {
    timer = null;
    if (stopped) return;
    if (next && clock() >= next.getTime()) {
      next = null;
      // Bumps the version; onChange then reads the following drop time.
      version.changedHere();
    } else if (next) {
      arm(next.getTime()); // woken early, or a long wait re-armed
    }
  }

  const read = (): Promise<void> => {
    // Many changes at once (an import) need one read, not one each.
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = nextDropAfter(prisma, new Date(clock()))
      .then((at) => {
        next = at;
        if (stopped) return;
        if (at) arm(at.getTime());
        else if (timer) {
          clearTimeout(timer);
          timer = null;
        }
      })
      .catch((error: unknown) => {
        // Unknown, so kept as none; the read is tried again (an outage ends; any heard change also reads).
        next = null;
        logger.warn("Could not read the next drop time; trying again shortly", { error: error instanceof Error ? error.message : String(error) });
        if (stopped) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void read(), RETRY_MS);
        timer.unref();
      })
      .finally(() => {
        reading = null;
        if (readAgain && !stopped) {
          readAgain = false;
          void read();
        }
      });
    return reading;
  };

  version.onChange(() => void read());
  const first = read();
  return {
    next: () => next,
    ready: () => first,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
