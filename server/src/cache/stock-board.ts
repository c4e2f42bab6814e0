// The volatile part of the catalogue, in memory (decision 026): the current stock and "on hold" of
// every product a "stock:<id>" notification named since this instance began listening. A sale does
// not make cached answers unreachable any more; the caches join these values into what they kept
// (volatile-json.ts) or, for rendered pages, render again the pages that show a changed product.
// Values are read from the database after the notification (so after the commit), in order, a batch
// at a time: the board never goes back to older values, and it always holds the newest heard. A
// write of this instance that knows its products' values at its commit (its statement's RETURNING)
// lands them at once instead (`wrote`), unless a read of the same products could be newer.

export interface StockValues {
  stock: number;
  onHold: boolean;
}

/** A product's values, as read or as a write knew them. */
export type StockRow = StockValues & { id: string };

export interface StockBoard {
  /** The newest values of a product named since listening began; undefined: the cached answer's own. */
  get(id: string): StockValues | undefined;
  /** Moves whenever values land: an answer checked at the current generation needs no look. */
  generation(): number;
  /** The generation at which this product's values last landed (0: never). */
  landedAt(id: string): number;
  /** Called as new values land, with the products they are for (pages note when they went stale). */
  onLanded(listener: (ids: readonly string[]) => void): void;
  /** Products a notification named: their values are read again. */
  changed(id: string): void;
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
   * They land at once, without a read, for each product no read has had in flight since the mark:
   * a read still under way then, or begun since, may have been answered before or after the commit,
   * so which values are newer is unknown. Returns the products whose values did not land: the
   * caller names them (`changed`) to have them read.
   */
  wrote(values: readonly StockRow[], since: StockMark): string[];
}

/** What the board had read when a write was sent (StockBoard.mark). */
export interface StockMark {
  /** The first read batch that had not landed then (in flight, or still to come). */
  firstUnsettledBatch: number;
  clears: number;
}

export interface StockBoardOptions {
  read(ids: string[]): Promise<(StockValues & { id: string })[]>;
  /** A read failed: the named products' values are unknown, so cached answers must all go. */
  onReadFailed(error: unknown): void;
}

/** At most this many products per statement (a drop of hundreds arrives in one burst). */
const BATCH = 500;

export function stockBoard(options: StockBoardOptions): StockBoard {
  const values = new Map<string, StockValues & { landed: number }>();
  let generation = 0;
  const listeners: ((ids: readonly string[]) => void)[] = [];
  let pending = new Set<string>();
  let reading: Promise<void> | null = null;
  /** Names counted as they come, and how many of them have been read (in order). */
  let named = 0;
  let read = 0;
  let waiters: { upTo: number; resolve(): void }[] = [];
  /** Read batches begun and landed (one at a time, in order), the last batch that read each
   *  product, and the times everything was forgotten: what `wrote` checks against its mark. */
  let batchesBegun = 0;
  let batchesLanded = 0;
  const lastBatchOf = new Map<string, number>();
  let clears = 0;
  const wake = () => {
    const ready = waiters.filter((waiter) => waiter.upTo <= read);
    waiters = waiters.filter((waiter) => waiter.upTo > read);
    for (const waiter of ready) waiter.resolve();
  };

  async function drain(): Promise<void> {
    while (pending.size) {
      const batch = [...pending].slice(0, BATCH);
      for (const id of batch) pending.delete(id);
      // Every name counted so far is read once the set is empty after this batch.
      const covers = pending.size ? read : named;
      batchesBegun++;
      for (const id of batch) lastBatchOf.set(id, batchesBegun);
      try {
        const rows = await options.read(batch);
        generation++;
        const found = new Set<string>();
        for (const row of rows) {
          found.add(row.id);
          values.set(row.id, { stock: row.stock, onHold: row.onHold, landed: generation });
        }
        // A deleted product: its answers go with the structural change that deleted it.
        for (const id of batch) if (!found.has(id)) values.delete(id);
        for (const listener of listeners) listener(batch);
      } catch (error) {
        for (const id of batch) values.delete(id);
        generation++;
        options.onReadFailed(error);
      }
      batchesLanded++;
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
    changed(id) {
      pending.add(id);
      named++;
      // The read begins after this pass of the event loop: a write whose answer came in the same
      // pass as the notification of its commit lands its own values first (wrote), as they are
      // then not older than any read begun.
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
      pending = new Set();
      read = named;
      wake();
      generation++;
      clears++;
    },
    mark: () => ({ firstUnsettledBatch: batchesLanded + 1, clears }),
    wrote(written, since) {
      const safe = since.clears === clears ? written.filter((row) => (lastBatchOf.get(row.id) ?? 0) < since.firstUnsettledBatch) : [];
      if (safe.length) {
        generation++;
        for (const row of safe) values.set(row.id, { stock: row.stock, onHold: row.onHold, landed: generation });
        for (const listener of listeners) listener(safe.map((row) => row.id));
      }
      return written.filter((row) => !safe.includes(row)).map((row) => row.id);
    },
  };
}
