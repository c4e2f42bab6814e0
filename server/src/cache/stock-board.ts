// The volatile part of the catalogue, in memory (decision 026): the current stock and "on hold" of
// every product a "stock:<id>" notification named since this instance began listening. A sale does
// not make cached answers unreachable any more; the caches join these values into what they kept
// (volatile-json.ts) or, for rendered pages, render again the pages that show a changed product.
// Values are read from the database after the notification (so after the commit), a batch at a
// time. Each carries the count of its product's stock changes (products.stock_version, kept by a
// trigger), and the board never takes a lower count than it holds: it never goes back to older
// values. A write of this instance that knows its products' values at its commit (its statement's
// RETURNING) lands them at once (`wrote`), and the notification of that commit, which names the
// same count, then needs no read (decision 026, addendum of 29 Nov 2026).

export interface StockValues {
  stock: number;
  onHold: boolean;
}

/** A product's values as read or as a write knew them, at a count of its stock changes. */
export type StockRow = StockValues & { id: string; version: number };

/** What the board holds of a product: its values, their count, and the generation they landed at. */
export type HeldStock = StockValues & { version: number; landed: number };

export interface StockBoard {
  /** The newest values of a product named since listening began; undefined: the cached answer's own. */
  get(id: string): HeldStock | undefined;
  /** Moves whenever values land: an answer checked at the current generation needs no look. */
  generation(): number;
  /** The generation at which this product's values last landed (0: never). */
  landedAt(id: string): number;
  /** Called as new values land, with the products they are for (pages note when they went stale). */
  onLanded(listener: (ids: readonly string[]) => void): void;
  /** Products a notification named: their values are read again, unless the board holds them at
   *  `version` (the count the notification named) or later already. */
  changed(id: string, version?: number): void;
  /** True once every product named so far has its values read (not those named later: under a
   *  steady stream of sales the board is never idle); false if that takes longer than timeoutMs
   *  (the database is busy or gone). Without timeoutMs it waits as long as it takes. The timer does
   *  not keep the process alive. */
  settled(timeoutMs?: number): Promise<boolean>;
  /** Forgets every value (changes may have gone unheard). */
  clear(): void;
  /** Taken before a write is sent: what `wrote` compares with. */
  mark(): StockMark;
  /**
   * Values a write of this instance knows as of its commit, the write having been sent after `since`.
   * Each lands at once, without a read, unless the board holds a later count already. Returns the
   * products to read instead (the caller names them, `changed`): all of them when the board forgot
   * everything since the mark (changes may have gone unheard meanwhile).
   */
  wrote(values: readonly StockRow[], since: StockMark): string[];
}

/** When a write was sent (StockBoard.mark). */
export interface StockMark {
  clears: number;
}

export interface StockBoardOptions {
  read(ids: string[]): Promise<StockRow[]>;
  /** A read failed: the named products' values are unknown, so cached answers must all go. */
  onReadFailed(error: unknown): void;
}

/** At most this many products per statement (a drop of hundreds arrives in one burst). */
const BATCH = 500;

export function stockBoard(options: StockBoardOptions): StockBoard {
  const values = new Map<string, HeldStock>();
  let generation = 0;
  const listeners: ((ids: readonly string[]) => void)[] = [];
  /** Products to read, and the count each notification asked for (null: read whatever is held). */
  let pending = new Map<string, number | null>();
  let reading: Promise<void> | null = null;
  /** Names counted as they come, and how many of them have been read (in order). */
  let named = 0;
  let read = 0;
  let waiters: { upTo: number; resolve(): void }[] = [];
  /** The times everything was forgotten: what `wrote` checks against its mark. */
  let clears = 0;
  /** Held at `version` or later: nothing newer to read. */
  const holds = (id: string, version: number | null | undefined) => version != null && (values.get(id)?.version ?? -1) >= version;
  const land = (row: StockRow) => {
    const held = values.get(row.id);
    if (!held || row.version >= held.version) values.set(row.id, { stock: row.stock, onHold: row.onHold, version: row.version, landed: generation });
  };
  const wake = () => {
    const ready = waiters.filter((waiter) => waiter.upTo <= read);
    waiters = waiters.filter((waiter) => waiter.upTo > read);
    for (const waiter of ready) waiter.resolve();
  };

  async function drain(): Promise<void> {
    while (pending.size) {
      const taken = [...pending].slice(0, BATCH);
      for (const [id] of taken) pending.delete(id);
      // Every name counted so far is read once the set is empty after this batch.
      const covers = pending.size ? read : named;
      // Named for a count the board has taken since (this instance's own sale): nothing to read.
      const batch = taken.filter(([id, version]) => !holds(id, version)).map(([id]) => id);
      if (batch.length) {
        try {
          const rows = await options.read(batch);
          generation++;
          const found = new Set<string>();
          for (const row of rows) {
            found.add(row.id);
            land(row);
          }
          // A deleted product: its answers go with the structural change that deleted it.
          for (const id of batch) if (!found.has(id)) values.delete(id);
          for (const listener of listeners) listener(batch);
        } catch (error) {
          for (const id of batch) values.delete(id);
          generation++;
          options.onReadFailed(error);
        }
      }
      read = Math.max(read, covers);
      wake();
    }
  }

  let startSoon = false;
  const start = () => {
    reading = drain().finally(() => {
      reading = null;
      if (pending.size) start();
    });
  };

  return {
    get: (id) => values.get(id),
    generation: () => generation,
    landedAt: (id) => values.get(id)?.landed ?? 0,
    onLanded: (listener) => void listeners.push(listener),
    changed(id, version) {
      if (holds(id, version)) return;
      // A count asked before stands unless this one asks for a read whatever is held.
      const asked = pending.get(id);
      pending.set(id, asked === undefined ? (version ?? null) : asked === null || version === undefined ? null : Math.max(asked, version));
      named++;
      // The read begins after this pass of the event loop: a write whose answer came in the same
      // pass as the notification of its commit lands its own values first (wrote), and the read
      // is then not needed.
      if (reading || startSoon) return;
      startSoon = true;
      setImmediate(() => {
        startSoon = false;
        if (!reading && pending.size) start();
      });
    },
    settled(timeoutMs) {
      if (read >= named) return Promise.resolve(true);
      const upTo = named;
      if (timeoutMs === undefined) return new Promise<boolean>((resolve) => waiters.push({ upTo, resolve: () => resolve(true) }));
      return new Promise<boolean>((resolve) => {
        const late = setTimeout(() => resolve(false), timeoutMs);
        late.unref();
        waiters.push({
          upTo,
          resolve() {
            clearTimeout(late);
            resolve(true);
          },
        });
      });
    },
    clear() {
      values.clear();
      pending = new Map();
      read = named;
      wake();
      generation++;
      clears++;
    },
    mark: () => ({ clears }),
    wrote(written, since) {
      if (since.clears !== clears) return written.map((row) => row.id);
      const newer = written.filter((row) => !holds(row.id, row.version));
      if (newer.length) {
        generation++;
        for (const row of newer) land(row);
        for (const listener of listeners) listener(newer.map((row) => row.id));
      }
      return [];
    },
  };
}
