import { backoffMs, MAX_ATTEMPTS } from "./lease.ts";

describe("outbox retry backoff", () => {
  it("doubles from 30 seconds and never waits more than an hour", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it("gives up (until an admin retries) after a handful of attempts spread over minutes", () => {
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(10 * 60_000);
  });
});
