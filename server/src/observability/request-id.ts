// A request id for every HTTP request: the caller's X-Request-Id when it looks like one (a proxy or
// load balancer that already assigned it), else a fresh UUID. It is echoed in the response header
// and carried through AsyncLocalStorage so every log line of the request names it.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Ids we accept from outside: short, no spaces or control characters (they end up in logs). */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    requestScope.run({ requestId: id }, next);
  };
}
