// Writes before reads when the machine is saturated (issue 39, decision 026's addendum of
// 27 Nov 2026). Node handles every socket that became readable in one pass of its event loop: with
// fifty shoppers reloading cached pages, one pass serves fifty reads, and a checkout's next step
// (its database's answer, arriving on another socket in the same pass) waits behind all of them,
// once per round trip. A checkout of three round trips then waits for a hundred and fifty reads.
//
// Reads (GET and HEAD) are not served where they arrive: they queue, and the queue is served
// after the pass, for at most `budgetMs` of the event loop's time before the loop goes round again
// and takes up what else has arrived: database answers, posted checkouts, new connections. Every
// other method is served at once. When the shop is quiet the queue holds one read and it is served
// in the same turn; when it is saturated, reads keep the machine busy between the writes' steps
// (their throughput barely moves) while each of a write's steps waits at most one budget.
import { performance } from "node:perf_hooks";
import type { RequestHandler } from "express";
import { waitingLine } from "./waiting-line.ts";

export interface ReadTurns {
  /** Express middleware: queues GET and HEAD, passes everything else on at once. */
  middleware: RequestHandler;
  /** Reads waiting now (a gauge for /metrics). */
  waiting(): number;
}

/** budgetMs 0 turns the queue off: every read is served as it arrives (as before 27 Nov 2026). */
export function readTurns(budgetMs: number): ReadTurns {
  const queue = waitingLine<() => void>();
  let scheduled = false;

  const serve = () => {
    scheduled = false;
    const until = performance.now() + budgetMs;
    // At least one read per turn, however slow, so reads always move.
    do queue.shift()!();
    while (queue.size && performance.now() < until);
    if (queue.size) schedule();
  };
  // setImmediate runs after this pass's I/O callbacks: whatever else arrived in the pass goes first.
  const schedule = () => {
    scheduled = true;
    setImmediate(serve);
  };

  return {
    middleware(req, _res, next) {
      if (budgetMs === 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
      queue.push(() => next());
      if (!scheduled) schedule();
    },
    waiting: () => queue.size,
  };
}
