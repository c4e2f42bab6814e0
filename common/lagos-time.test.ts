import { formatLagosDate, formatLagosTime } from "./lagos-time.ts";
import { parseLagosDateTimeInput, toLagosDateInput, toLagosDateTimeInput } from "./lagos-time-input.ts";

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

describe("Lagos date-time fields (drops)", () => {
  it("reads the admin's Lagos wall clock as UTC+1 and writes it back the same", () => {
    const at = parseLagosDateTimeInput("2026-11-26T19:00");
    expect(at?.toISOString()).toBe("2026-11-26T18:00:00.000Z");
    expect(toLagosDateTimeInput(at!)).toBe("2026-11-26T19:00");
    // Lagos midnight is 23:00 UTC the day before.
    expect(parseLagosDateTimeInput("2026-12-01T00:30")?.toISOString()).toBe("2026-11-30T23:30:00.000Z");
  });
  it("refuses what is not a real date and time", () => {
    for (const bad of ["", "26/11/2026 19:00", "2026-02-31T10:00", "2026-13-01T10:00", "2026-11-26T24:00", "2026-11-26T19:00Z"]) {
      expect(parseLagosDateTimeInput(bad)).toBeNull();
    }
  });
  it("gives the Lagos calendar day for a date field (the admin's CSV range), an hour ahead of UTC", () => {
    expect(toLagosDateInput("2026-11-26T22:59:59Z")).toBe("2026-11-26");
    expect(toLagosDateInput("2026-11-26T23:00:00Z")).toBe("2026-11-27");
    expect(toLagosDateInput(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
});
