// Server-rendered pages kept for the next visitor (decisions 019 and 026). Rendered HTML is the
// same for every visitor (anonymous render, public data only), so it is cached like the catalogue
// answers it is made of: keyed by the address and the catalogue version read before the render,
// dropped on every structural catalogue change, bounded in bytes, and kept at most five minutes (the
// footer's year and the holds that lapse with time change without a catalogue write).
// Under sales (decision 026): a kept page is sent with the stock board's newest counts and "on hold"
// joined in (volatile-html.ts); it goes stale only when a product it shows changes class (sold out,
// the last one left, on hold: common/stock-messages.ts stockClass), or, for a page that cannot be
// cut, has new values at all, or, for a page whose products are chosen by stock (the home page's
// blocks), when the choice made at the board's newest generation differs from the one it was
// rendered from (the choice is made once per generation and shared, home.service.ts, so a sale of
// a piece the page does not show costs no render); a stale page is still sent for at most
// STALE_PAGE_MS while one render replaces it; concurrent requests for a page being rendered wait for
// that render (single flight); and the finished bytes are kept with each compressed variant, so a
// hit costs neither React nor compression.
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import type { CatalogueVersion } from "./catalogue-version.ts";
import type { StockChoice } from "./catalogue-memo.ts";
import { replaceBody, sendStored, storedSize, weakEtag, type StoredBytes } from "./stored-bytes.ts";
import { cutPage, sameClasses, type JoinedPage } from "./volatile-html.ts";
import { joinVolatile } from "./volatile-json.ts";

export interface CachedPage {
  status: number;
  html: string;
}

export interface PageEntry extends StoredBytes {
  status: number;
  /** Products the page shows: new stock values for any of them make it stale. */
  products: readonly string[];
  /** The page's products are chosen by stock: a change of that choice makes it stale (any stock
   *  change, when `choice` is null). */
  stockOrdered: boolean;
  /** The stock-ordered choice its render was made from. */
  choice: StockChoice | null;
  /** The stock board's generation read before the render. */
  generation: number;
  /** When (Date.now()) something it shows first changed after its render began; null: current. */
  staleSince: number | null;
  /** The page cut at its counts and "on hold", joined with the board's values when sent; null: it
   *  cannot be, so any new value for a product it shows makes it stale. */
  joined: JoinedPage | null;
}

/** What a render hands the cache: the page, the products it shows, and the headers it is sent with. */
export interface RenderedPage extends CachedPage {
  products: readonly string[];
  stockOrdered: boolean;
  choice: StockChoice | null;
  headers: [string, string][];
}

export interface PageCache {
  /** The catalogue version to render under (null: changes cannot be heard, so do not cache). */
  version(): number | null;
  /** The kept page, if everything it shows is as it was rendered or differs only by values that are
   *  joined in when it is sent, or if that stopped being so no more than `staleMs` ago (the caller
   *  then has it rendered again). */
  get(version: number, url: string, staleMs?: number): PageEntry | undefined;
  /** Whether a kept page shows the newest values; otherwise, for how long it has not (ms). */
  staleFor(entry: PageEntry): number;
  /**
   * Renders the page once for every request that needs it (single flight): a request joins the
   * render in progress if no stock value landed since that render began; otherwise it waits for
   * the one render that starts when that one ends (which it shares with everyone else arriving
   * meanwhile). The page is kept. Null: render() gave no page (its request answers otherwise; a
   * waiter then renders its own).
   */
  render(version: number, url: string, render: () => Promise<RenderedPage | null>): Promise<PageEntry | null>;
  send(req: Request, res: Response, entry: PageEntry): void;
}

const TTL_MS = 300_000;
/** How long after something it shows changed a kept page may still be sent, while it is rendered
 *  again: well inside the 1 s within which a sold piece stops being offered (issue 25). Under a
 *  drop's stream of sales, every page showing a selling piece changes many times a second; without
 *  this, every request for it waited for a render of its own. */
export const STALE_PAGE_MS = 250;
/** A page stale for less than this is sent without rendering it again: one render per page per
 *  this interval at most, however many sales land meanwhile. */
export const RENDER_AGAIN_AFTER_MS = 100;

/** A kept page made from a stock-ordered choice has the choice made again and compared at most this
 *  often while sales land (each is a few statements): under a drop's stream of sales, not once
 *  per landing. Well inside RENDER_AGAIN_AFTER_MS, so a changed choice is rendered again about as
 *  soon after the sale as before. */
export const CHOICE_CHECK_EVERY_MS = 50;

interface Flight {
  generation: number;
  startedAt: number;
  promise: Promise<PageEntry | null>;
}

export interface PageCacheOptions {
  /** The stock-ordered choice at the board's newest generation (made once per generation and
   *  shared: home.service.ts sharedHomeChoice); without it, such pages go stale on every landing. */
  choiceNow?(): Promise<StockChoice>;
}

export function pageCache(catalogue: CatalogueVersion, maxBytes: number, options: PageCacheOptions = {}): PageCache {
  const board = catalogue.stock;
  /** Kept pages by the products they show, those that change with any stock, and those made from a
   *  stock-ordered choice: a landing marks them stale at once (the choice's, once it is known to
   *  have changed), so a page can be served a bounded time after that, never longer. */
  const showing = new Map<string, Set<PageEntry>>();
  const stockOrderedPages = new Set<PageEntry>();
  const choicePages = new Set<PageEntry>();
  const unindex = (entry: PageEntry) => {
    stockOrderedPages.delete(entry);
    choicePages.delete(entry);
    for (const id of entry.products) {
      const pages = showing.get(id);
      pages?.delete(entry);
      if (pages?.size === 0) showing.delete(id);
    }
  };
  const cache = new LRUCache<string, PageEntry>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, storedSize(entry) + entry.products.length * 40 + (entry.joined ? entry.joined.text.length * 2 : 0)),
    ttl: TTL_MS,
    dispose: unindex,
  });
  /** The newest stock-ordered choice known here (from a check or from a render). */
  let latestChoice: StockChoice | null = null;
  const learn = (choice: StockChoice) => {
    if (!latestChoice || choice.generation > latestChoice.generation) latestChoice = choice;
  };
  catalogue.onChange(() => {
    cache.clear();
    latestChoice = null;
  });
  /** Whether the page's choice is still the newest one known: the same key, or newer than what is
   *  known. Until a landing's choice is made (a few ms), the page counts as current. */
  const choiceHolds = (entry: PageEntry): boolean =>
    entry.choice?.key != null && (!latestChoice || latestChoice.generation <= entry.choice.generation || latestChoice.key === entry.choice.key);

  /** When the first landing not yet checked against the choice happened (null: none); the check
   *  in progress, or the timer that starts the next. One check at a time, and at most one per
   *  CHOICE_CHECK_EVERY_MS: landings meanwhile are covered by the next one. */
  let uncheckedSince: number | null = null;
  let checking = false;
  let lastCheckAt = 0;
  let waiting: NodeJS.Timeout | null = null;
  function checkChoice(): void {
    if (checking || waiting || uncheckedSince === null || !options.choiceNow) return;
    const wait = lastCheckAt + CHOICE_CHECK_EVERY_MS - Date.now();
    if (wait > 0) {
      waiting = setTimeout(() => {
        waiting = null;
        checkChoice();
      }, wait);
      waiting.unref();
      return;
    }
    const since = uncheckedSince;
    uncheckedSince = null;
    checking = true;
    lastCheckAt = Date.now();
    // A page whose choice changed is stale since the landing that changed it, so the window in
    // which a stale page may still be sent counts from the sale, not from this check. A choice that
    // cannot be made (the database is busy or gone) is unknown: every such page is stale.
    options
      .choiceNow()
      .then(
        (choice) => {
          learn(choice);
          choicePages.forEach((entry) => void (entry.staleSince ??= current(entry) ? null : since));
        },
        () => choicePages.forEach((entry) => void (entry.staleSince ??= since)),
      )
      .finally(() => {
        checking = false;
        if (choicePages.size) checkChoice();
        else uncheckedSince = null;
      });
  }

  board.onLanded((ids) => {
    const now = Date.now();
    stockOrderedPages.forEach((entry) => void (entry.staleSince ??= now));
    for (const id of ids) showing.get(id)?.forEach((entry) => void (entry.staleSince ??= current(entry) ? null : now));
    if (choicePages.size) {
      uncheckedSince ??= now;
      checkChoice();
    }
  });
  /** Per page: the render in progress and the one queued behind it. */
  const flights = new Map<string, { current: Flight | null; next: Flight | null }>();
  const keyOf = new WeakMap<PageEntry, string>();
  const key = (version: number, url: string) => `${version}\n${url}`;

  const current = (entry: PageEntry): boolean => {
    if (entry.generation === board.generation()) return true;
    if (entry.stockOrdered && !choiceHolds(entry)) return false;
    if (entry.joined) return sameClasses(entry.joined, board);
    return entry.products.every((id) => board.landedAt(id) <= entry.generation);
  };

  /** A current page with the board's newest values put in (new bytes, new ETag). */
  function joinIn(k: string, entry: PageEntry): void {
    if (!entry.joined || !joinVolatile(entry.joined, board)) return;
    replaceBody(entry, entry.joined.text);
    // Set again so the LRU counts the new size; its five minutes still count from the render.
    if (cache.peek(k) === entry) cache.set(k, entry, { noUpdateTTL: true });
  }

  function keep(k: string, version: number, flight: Flight, page: RenderedPage): PageEntry {
    const identity = Buffer.from(page.html, "utf8");
    const entry: PageEntry = {
      status: page.status,
      headers: [...page.headers, ["etag", weakEtag(identity)]],
      variants: { identity },
      products: page.products,
      stockOrdered: page.stockOrdered,
      choice: page.stockOrdered && page.choice?.key != null && options.choiceNow ? page.choice : null,
      generation: flight.generation,
      staleSince: null,
      joined: cutPage(page.html),
    };
    if (entry.choice) learn(entry.choice);
    // Values that landed during the render: joined in, or, when a class changed, stale since (at
    // the latest) the render began.
    if (!current(entry)) entry.staleSince = flight.startedAt;
    keyOf.set(entry, k);
    // Rendered under a version that has since changed: nobody would look it up again.
    if (catalogue.current() === version) {
      cache.set(k, entry);
      if (entry.choice) choicePages.add(entry);
      else if (entry.stockOrdered) stockOrderedPages.add(entry);
      // Values landed after its choice was made: that choice is checked too.
      if (entry.choice && entry.choice.generation < board.generation()) {
        uncheckedSince ??= flight.startedAt;
        checkChoice();
      }
      for (const id of entry.products) {
        let pages = showing.get(id);
        if (!pages) showing.set(id, (pages = new Set()));
        pages.add(entry);
      }
    }
    return entry;
  }

  /** A render of the page: now (after null), or once `after` has settled. */
  function fly(k: string, version: number, render: () => Promise<RenderedPage | null>, after: Promise<unknown> | null): Flight {
    let slot = flights.get(k);
    if (!slot) flights.set(k, (slot = { current: null, next: null }));
    const flight: Flight = { generation: board.generation(), startedAt: Date.now(), promise: Promise.resolve(null) };
    const begin = () => {
      slot.current = flight;
      if (slot.next === flight) slot.next = null;
      // Started now: the stock values it reads are at least as new as this generation.
      flight.generation = board.generation();
      flight.startedAt = Date.now();
    };
    if (after) slot.next = flight;
    else begin();
    flight.promise = (after ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        if (after) begin();
        const page = await render();
        return page ? keep(k, version, flight, page) : null;
      })
      .finally(() => {
        if (slot.current === flight) slot.current = null;
        if (!slot.current && !slot.next) flights.delete(k);
      });
    return flight;
  }

  function staleFor(entry: PageEntry): number {
    if (entry.staleSince === null && !current(entry)) entry.staleSince = Date.now();
    return entry.staleSince === null ? 0 : Math.max(1, Date.now() - entry.staleSince);
  }

  return {
    version: () => catalogue.current(),
    get(version, url, staleMs = 0) {
      const entry = cache.get(key(version, url));
      if (!entry) return undefined;
      // Kept while stale: the render that replaces it is keyed alike.
      return staleFor(entry) <= staleMs ? entry : undefined;
    },
    staleFor,
    async render(version, url, render) {
      const k = key(version, url);
      const slot = flights.get(k);
      if (slot?.current && slot.current.generation === board.generation()) return slot.current.promise;
      if (slot?.next) return slot.next.promise;
      if (slot?.current) return fly(k, version, render, slot.current.promise).promise;
      return fly(k, version, render, null).promise;
    },
    send(req, res, entry) {
      const k = keyOf.get(entry);
      // A stale page is sent as it was rendered, whole: never some values newer than the rest.
      if (k && entry.staleSince === null && staleFor(entry) === 0) joinIn(k, entry);
      sendStored(req, res, entry, entry.status, (body) => res.end(body), () => {
        if (k && cache.peek(k) === entry) cache.set(k, entry);
      });
    },
  };
}
