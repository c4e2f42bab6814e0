import { formatLagosDate, formatLagosTime } from "./lagos-time.ts";

describe("Lagos time formatter", () => {
  it("shows the instant in West Africa Time (UTC+1), whatever the machine's zone", () => {
    expect(formatLagosTime("2026-11-23T23:30:00Z")).toBe("Tue 24 Nov 2026, 12:30 AM (Lagos time)");
    expect(formatLagosTime(new Date("2026-11-23T11:05:00Z"))).toBe("Mon 23 Nov 2026, 12:05 PM (Lagos time)");
    expect(formatLagosTime("2026-07-01T08:00:00.000Z")).toBe("Wed 1 Jul 2026, 9:00 AM (Lagos time)"); // no daylight saving
    expect(formatLagosTime("2026-12-31T22:59:00Z")).toBe("Thu 31 Dec 2026, 11:59 PM (Lagos time)");
    expect(formatLagosTime("2026-12-31T23:00:00Z")).toBe("Fri 1 Jan 2027, 12:00 AM (Lagos time)");
  });

  it("dates alone follow the Lagos calendar day", () => {
    expect(formatLagosDate("2026-11-23T23:30:00Z")).toBe("24 Nov 2026");
    expect(formatLagosDate("2026-11-23T22:59:59Z")).toBe("23 Nov 2026");
  });

  it("does not depend on the process time zone", () => {
    const before = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      expect(formatLagosTime("2026-11-23T23:30:00Z")).toBe("Tue 24 Nov 2026, 12:30 AM (Lagos time)");
    } finally {
      process.env.TZ = before;
    }
  });
});
