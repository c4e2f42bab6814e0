import { backoffMs, MAX_ATTEMPTS, startDeliveryLoop } from "./lease.ts";

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

describe("the delivery loop", () => {
  it("passes again at once while a pass fills its batch, and waits its interval after one that does not", async () => {
    const passes: number[] = [];
    let fourth!: () => void;
    const reachedFourth = new Promise<void>((resolve) => (fourth = resolve));
    // Three full batches, then a short one: with an hour's interval, only running at once reaches four.
    const loop = startDeliveryLoop("test delivery", async () => {
      passes.push(passes.length + 1);
      if (passes.length === 4) fourth();
      return passes.length < 4;
    }, 3_600_000);
    await reachedFourth;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await loop.stop();
    expect(passes).toEqual([1, 2, 3, 4]);
  });
});
