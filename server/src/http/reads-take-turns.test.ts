import fs from "node:fs";
import type { Request, Response } from "express";
import { readTurns } from "./reads-take-turns.ts";

const request = (method: string) => ({ method }) as Request;
const response = {} as Response;
/** A read that keeps the event loop busy, as rendering or sending a cached answer does. */
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("reads take turns behind writes", () => {
  it("serves queued reads a budget at a time, so I/O that arrives meanwhile is taken up before the queue is through", async () => {
    const turns = readTurns(4);
    const served: number[] = [];
    for (let n = 0; n < 100; n++) turns.middleware(request("GET"), response, () => void (busyFor(3), served.push(n)));
    expect(served).toEqual([]);
    expect(turns.waiting()).toBe(100);
    // A database answer or a posted checkout: an I/O callback, which Node runs between two turns.
    const servedWhenIoRan = await new Promise<number>((resolve) => fs.stat(import.meta.filename, () => resolve(served.length)));
    expect(servedWhenIoRan).toBeLessThan(100);
    await new Promise<void>((resolve) => {
      const poll = () => (served.length === 100 ? resolve() : setTimeout(poll, 10));
      poll();
    });
    expect(served).toEqual(Array.from({ length: 100 }, (_, n) => n));
    expect(turns.waiting()).toBe(0);
  });

  it("passes every other method on at once", () => {
    const turns = readTurns(4);
    let passed = 0;
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) turns.middleware(request(method), response, () => void passed++);
    expect(passed).toBe(4);
    expect(turns.waiting()).toBe(0);
  });

  it("with a budget of 0, serves every read as it arrives", () => {
    const turns = readTurns(0);
    let served = 0;
    for (let n = 0; n < 5; n++) turns.middleware(request("GET"), response, () => void served++);
    expect(served).toBe(5);
  });
});
