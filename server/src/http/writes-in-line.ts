// At most `limit` GraphQL posts (checkouts, mostly) in the works at once; the rest wait in line, in
// order, in memory (issue 39, decision 026's addendum of 27 Nov 2026). Accepting a drop's shoppers
// as fast as they come (http/accept-descriptors.ts) let thousands of checkouts start together: each
// asked the database pool for a connection, and those still waiting after its connect timeout
// (5 s, meant for a database that is down) were answered "briefly unavailable". Waiting here has no
// timeout: an overloaded shop answers late, not wrongly. Reads are not held here (reads-take-turns.ts
// serves them behind writes), nor uploads, whose bodies a slow phone may take long to send.
import type { RequestHandler } from "express";
import { waitingLine } from "./waiting-line.ts";

export interface WritesInLine {
  middleware: RequestHandler;
  /** Posts waiting for their turn now (a gauge for /metrics). */
  waiting(): number;
}

export function writesInLine(limit: number): WritesInLine {
  let running = 0;
  const line = waitingLine<() => void>();
  const next = () => {
    running--;
    while (line.size && running < limit) line.shift()!();
  };
  return {
    middleware(req, res, proceed) {
      if (req.method !== "POST" || !req.path.startsWith("/graphql")) return proceed();
      const start = () => {
        running++;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          next();
        };
        res.once("finish", finish);
        res.once("close", finish);
        // A shopper who gave up while waiting: nothing to do for them.
        if (res.destroyed) return finish();
        proceed();
      };
      if (running < limit) start();
      else line.push(start);
    },
    waiting: () => line.size,
  };
}
