// Results computed from the catalogue (a listing's size counts and total), kept until the catalogue
// changes: the uncached path of a listing then costs its page query only, not a scan of every match.
// Choices made by stock (the home page's blocks) are kept until any stock value lands as well: made
// once per stock board generation, shared by every request until then (decision 026).
import type { CatalogueVersion } from "./catalogue-version.ts";

export interface CatalogueMemo {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Kept until the catalogue changes or new stock values land (the stock board's generation
   *  moves): only the newest generation's result per key. `compute` is told the generation it is
   *  computed at (read before it starts, so values landing meanwhile make it older, never newer).
   *  With `survives`, a result computed stays kept through each landing of values it says leave it
   *  as it is (given the ids landed and the board's stock for an id); a landing while it is being
   *  computed, or a generation moved without values (a failed read, a clear), ends it. */
  untilStockChanges<T>(key: string, compute: (generation: number) => Promise<T>, survives?: StockSurvival<T>): Promise<T>;
}

export type StockSurvival<T> = (result: T, ids: readonly string[], stockOf: (id: string) => number | undefined) => boolean;

/** A choice of products made by stock, as kept per stock board generation (untilStockChanges):
 *  `key` names what was chosen (equal keys, the same products in the same places); null when it is
 *  drawn afresh for every request (a random home section), so nothing made from it can be kept. */
export interface StockChoice {
  key: string | null;
  generation: number;
}

export function catalogueMemo(version: CatalogueVersion, maxEntries = 2000): CatalogueMemo {
  const entries = new Map<string, Promise<unknown>>();
  const board = version.stock;
  type Slot = { version: number; generation: number; result: Promise<unknown>; survives?: (ids: readonly string[]) => boolean };
  const byGeneration = new Map<string, Slot>();
  version.onChange(() => {
    entries.clear();
    byGeneration.clear();
  });
  board.onLanded((ids) => {
    // Called once per generation that lands values: a result of the one before that survives them
    // is a result of this one.
    const now = board.generation();
    for (const slot of byGeneration.values()) if (slot.generation === now - 1 && slot.survives?.(ids)) slot.generation = now;
  });
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const current = version.current();
      // Not hearing changes: nothing may be kept.
      if (current === null) return compute();
      // Keyed by the version read before computing, as the response cache: a result computed from
      // data older than a change is filed under a version nobody asks for any more.
      const versioned = `${current}\u0000${key}`;
      let found = entries.get(versioned) as Promise<T> | undefined;
      if (!found) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        found = compute();
        entries.set(versioned, found);
        found.catch(() => entries.delete(versioned));
      }
      return found;
    },
    untilStockChanges<T>(key: string, compute: (generation: number) => Promise<T>, survives?: StockSurvival<T>): Promise<T> {
      const current = version.current();
      const generation = board.generation();
      if (current === null) return compute(generation);
      const kept = byGeneration.get(key);
      if (kept && kept.version === current && kept.generation === generation) return kept.result as Promise<T>;
      const slot: Slot = { version: current, generation, result: compute(generation) };
      if (survives) {
        void slot.result.then(
          (result) => void (slot.survives = (ids) => survives(result as T, ids, (id) => board.get(id)?.stock)),
          () => undefined,
        );
      }
      byGeneration.set(key, slot);
      slot.result.catch(() => {
        if (byGeneration.get(key) === slot) byGeneration.delete(key);
      });
      return slot.result as Promise<T>;
    },
  };
}
