// The catalogue's version on this instance: it changes whenever the database reports a committed
// write to what the storefront shows (the catalogue_changed NOTIFY, sent by triggers, see the
// migration catalogue_change_notify). Cached catalogue answers are keyed by it, so a change makes
// every older answer unreachable at once, on every instance that shares the database.
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";

export const CATALOGUE_CHANNEL = "catalogue_changed";
/** Payload of a sync marker: heard, it changes nothing. */
const SYNC_PREFIX = "sync:";

export interface CatalogueVersion {
  /** null while changes cannot be heard (not yet listening, connection lost): do not cache then. */
  current(): number | null;
  /** A write on this instance may have changed the catalogue: drop cached answers now rather than
   *  when the NOTIFY comes back (a shopper's next read after their own write must see it). */
  changedHere(): void;
  /** Settles once listening (or after waitMs, so a slow database does not hold up starting). */
  ready(waitMs: number): Promise<void>;
  /** Resolves once every change committed before the call has been heard here. PostgreSQL delivers
   *  notifications in commit order, so hearing our own marker means the earlier ones came first. */
  sync(): Promise<void>;
  /** Called after every change (and after listening resumes). */
  onChange(listener: () => void): void;
  stop(): Promise<void>;
}

export function watchCatalogue(db: Database): CatalogueVersion {
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
  const subscription = db.listen(CATALOGUE_CHANNEL, {
    onNotify: (payload) => {
      if (!payload.startsWith(SYNC_PREFIX)) return bump();
      waiting.get(payload)?.();
      waiting.delete(payload);
    },
    // Anything may have changed while nobody listened.
    onListening: () => {
      listening = true;
      bump();
      heard();
    },
    onLost: () => {
      listening = false;
    },
  });
  return {
    current: () => (listening ? version : null),
    changedHere: bump,
    async sync() {
      if (!listening) return;
      const marker = `${SYNC_PREFIX}${randomUUID()}`;
      const heardMarker = new Promise<void>((resolve) => waiting.set(marker, resolve));
      await db.query("SELECT pg_notify($1, $2)", [CATALOGUE_CHANNEL, marker]);
      await Promise.race([heardMarker, new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
      waiting.delete(marker);
    },
    ready: (waitMs) =>
      Promise.race([listeningOnce, new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref())]),
    onChange: (listener) => void listeners.push(listener),
    stop: () => subscription.stop(),
  };
}
