// Checkouts of one piece take turns inside this process (issue 25, decision 026). On a drop, many
// shoppers try the same one-of-a-kind piece within milliseconds. Left to the database, each of
// them opens a transaction and waits on the piece's row lock while holding a pooled connection:
// ten such waits exhaust the pool, and every other request of the shop then waits for a
// connection. Here they wait in memory instead, and a shopper whose turn comes after a sale is
// answered from one plain read ("out of stock") without a transaction at all.
// The row lock in the order's transaction stays the authority: across instances it still
// serializes the takes, and the turns only bound how many connections wait (one per instance).

export interface PieceTurns {
  /**
   * Runs `take` once no other checkout of this process holds any of `pieces`. While they are held,
   * waits for them to be released and asks `stillPossible` (a plain read) before queueing again:
   * when it throws (the piece sold meanwhile), that is the answer, and no turn was taken.
   */
  run<T>(pieces: readonly string[], stillPossible: () => Promise<void>, take: () => Promise<T>): Promise<T>;
}

export function pieceTurns(): PieceTurns {
  /** Per held piece: settles when its holder is done. */
  const held = new Map<string, Promise<void>>();

  return {
    async run(pieces, stillPossible, take) {
      const keys = [...new Set(pieces)].sort();
      for (;;) {
        const busy = keys.flatMap((key) => held.get(key) ?? []);
        if (!busy.length) break;
        await Promise.all(busy);
        await stillPossible();
      }
      // Free at this instant (no await since the check): take them all at once.
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      for (const key of keys) held.set(key, done);
      try {
        return await take();
      } finally {
        for (const key of keys) if (held.get(key) === done) held.delete(key);
        release();
      }
    },
  };
}
