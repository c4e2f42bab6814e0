import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { writesInLine } from "./writes-in-line.ts";

const request = (method: string, path = "/graphql") => ({ method, path }) as Request;
/** A response that finishes (or whose client goes away) when told to. */
const response = () => Object.assign(new EventEmitter(), { destroyed: false }) as unknown as Response & EventEmitter;

describe("GraphQL posts go in a few at a time", () => {
  it("lets `limit` in, keeps the rest in line in order, and lets the next in as each one ends", () => {
    const writes = writesInLine(2);
    const started: number[] = [];
    const responses = Array.from({ length: 5 }, response);
    responses.forEach((res, n) => writes.middleware(request("POST"), res, () => void started.push(n)));
    expect(started).toEqual([0, 1]);
    expect(writes.waiting()).toBe(3);
    responses[1]!.emit("finish");
    // "close" follows "finish": the same post is not counted out twice.
    responses[1]!.emit("close");
    expect(started).toEqual([0, 1, 2]);
    responses[0]!.emit("close");
    expect(started).toEqual([0, 1, 2, 3]);
    expect(writes.waiting()).toBe(1);
  });

  it("skips a post whose client went away while it waited", () => {
    const writes = writesInLine(1);
    const started: number[] = [];
    const [first, gone, last] = [response(), response(), response()];
    writes.middleware(request("POST"), first, () => void started.push(0));
    writes.middleware(request("POST"), gone, () => void started.push(1));
    writes.middleware(request("POST"), last, () => void started.push(2));
    (gone as unknown as { destroyed: boolean }).destroyed = true;
    first.emit("finish");
    expect(started).toEqual([0, 2]);
  });

  it("never holds reads, uploads or other paths", () => {
    const writes = writesInLine(1);
    let passed = 0;
    writes.middleware(request("POST"), response(), () => undefined);
    for (const req of [request("GET"), request("HEAD"), request("POST", "/api/uploads"), request("POST", "/api/paystack/webhook")]) writes.middleware(req, response(), () => void passed++);
    expect(passed).toBe(4);
    expect(writes.waiting()).toBe(0);
  });
});
