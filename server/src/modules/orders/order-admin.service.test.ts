import { monthRange } from "./order-admin.service.ts";

describe("the admin's month filter", () => {
  it("covers a calendar month in shop time (West Africa Time, UTC+1)", () => {
    const { gte, lt } = monthRange("2026-03");
    expect(gte.toISOString()).toBe("2026-02-28T23:00:00.000Z");
    expect(lt.toISOString()).toBe("2026-03-31T23:00:00.000Z");
    expect(monthRange("2025-12").lt.toISOString()).toBe("2025-12-31T23:00:00.000Z");
  });

  it.each(["2026-13", "2026-3", "March", "2026-00"])("rejects %s with a clear message", (month) => {
    expect(() => monthRange(month)).toThrow("Month must look like 2026-03");
  });
});
