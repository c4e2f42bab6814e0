// The catalogue's version on this instance: it changes whenever the database reports a committed
// structural write to what the storefront shows (the "catalogue" NOTIFY, sent by triggers, see the
// migrations catalogue_change_notify, catalogue_stock_notify and stock_version; builds before
// 29 Nov 2026 listen on "catalogue_changed", which the triggers still feed for a rolling upgrade). Cached catalogue answers are
// keyed by it, so such a change makes every older answer unreachable at once, on every instance that
// shares the database. A write that changes only products' stock or "on hold" (a sale) names them
// instead ("stock:<id>"): their new values go to the stock board, which the caches join into the
// answers they keep (decision 026).
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";
import { stockBoard, type StockBoard, type StockRow } from "./stock-board.ts";

export const CATALOGUE_CHANNEL = "catalogue";
/** Payload of a sync marker: heard, it changes nothing. */
const SYNC_PREFIX = "sync:";
/** Payload naming a product whose stock or "on hold" may have changed, and nothing else: "stock:<id>",
 *  or "stock:<id>:<count>" when its stock changed, naming the count of its changes then (the
 *  migration stock_version). */
const STOCK_PREFIX = "stock:";

export interface CatalogueVersion {
  /** null while changes cannot be heard (not yet listening, connection lost): do not cache then. */
  current(): number | null;
  /** A write on this instance may have changed the catalogue: drop cached answers (and the stock
   *  board's values) now rather than when the NOTIFY comes back (a shopper's next read after their
   *  own write must see it). */
  changedHere(): void;
  /** Settles once listening (or after waitMs, so a slow database does not hold up starting). */
  ready(waitMs: number): Promise<void>;
  /** Resolves once every change committed before the call has been heard here (and the stock
   *  values it named read). PostgreSQL delivers notifications in commit order, so hearing our own
   *  marker means the earlier ones came first. False: not heard within 2 s (or not listening). */
  sync(): Promise<boolean>;
  /** The newest stock and "on hold" of the products sales changed. */
  stock: StockBoard;
  /** Called after every change (and after listening resumes). */
  onChange(listener: () => void): void;
  stop(): Promise<void>;
}

export interface WatchOptions {
  /** Reads the committed stock and "on hold" of products (modules/payments/holds.service.ts). */
  readStock(ids: string[]): Promise<StockRow[]>;
}

export function watchCatalogue(db: Database, options: WatchOptions): CatalogueVersion {
  let version = 0;
  let listening = false;
  const listeners: (() => void)[] = [];
  let heard!: () => void;
  const listeningOnce = new Promise<void>((resolve) => (heard = resolve));
  const waiting = new Map<string, () => void>();
  const bump = () => {
    version++;
    for (const listener of listeners) listener();
  };
  // Values that cannot be read are unknown: every cached answer goes, as for a structural change.
  const stock = stockBoard({ read: options.readStock, onReadFailed: () => bump() });
  // A structural change may change stock with it (an admin's save of price and stock), and sends no
  // count: the board's values go too, or answers made afresh would have the old counts joined in.
  const structural = () => {
    stock.clear();
    bump();
  };
  const subscription = db.listen(CATALOGUE_CHANNEL, {
    onNotify: (payload) => {
      if (payload.startsWith(STOCK_PREFIX)) {
        const [id, count] = payload.slice(STOCK_PREFIX.length).split(":");
        return stock.changed(id!, count === undefined ? undefined : Number(count));
      }
      if (!payload.startsWith(SYNC_PREFIX)) return structural();
      waiting.get(payload)?.();
      waiting.delete(payload);
    },
    // Anything may have changed while nobody listened.
    onListening: () => {
      listening = true;
      stock.clear();
      bump();
      heard();
    },
    onLost: () => {
      listening = false;
    },
  });
  return {
    current: () => (listening ? version : null),
    changedHere: structural,
    stock,
    async sync() {
      if (!listening) return false;
      const marker = `${SYNC_PREFIX}${randomUUID()}`;
      const heardMarker = new Promise<boolean>((resolve) => waiting.set(marker, () => resolve(true)));
      const late = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref());
      await db.query("SELECT pg_notify($1, $2)", [CATALOGUE_CHANNEL, marker]);
      const heard = await Promise.race([heardMarker, late()]);
      waiting.delete(marker);
      return heard && (await stock.settled(2000));
    },
    ready: (waitMs) =>
      Promise.race([listeningOnce, new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref())]),
    onChange: (listener) => void listeners.push(listener),
    stop: () => subscription.stop(),
  };
}
