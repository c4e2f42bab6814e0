// The sales chart's words: this week against last week, exact to the kobo, and its day labels.
import { dayLabel, scaleTop, weekOnWeek } from "./sales-trend.ts";

const days = (amounts: string[]) =>
  amounts.map((paidSales, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, "0")}`,
    paidSales,
  }));
const weeks = (last: string[], current: string[]) => days([...last, ...current]);
const zeros = Array(7).fill("0.00");

describe("this week against last week", () => {
  it("says up or down by a whole percentage, adding money to the kobo", () => {
    expect(weekOnWeek(weeks(["10000.00", ...zeros.slice(1)], ["6000.10", "6000.10", ...zeros.slice(2)]))).toBe("₦12,000.20 this week, up 20% on last week");
    expect(weekOnWeek(weeks(["0.10", "0.20", ...zeros.slice(2)], ["0.30", ...zeros.slice(1)]))).toBe("₦0.30 this week, the same as last week");
    expect(weekOnWeek(weeks(["20000.00", ...zeros.slice(1)], ["5000.00", ...zeros.slice(1)]))).toBe("₦5,000 this week, down 75% on last week");
    expect(weekOnWeek(weeks(["100000.00", ...zeros.slice(1)], ["100000.50", ...zeros.slice(1)]))).toBe("₦100,000.50 this week, up less than 1% on last week");
  });

  it("compares only the last 14 days and says so when last week sold nothing", () => {
    expect(weekOnWeek([...days(["99999.00"]), ...weeks(zeros, ["2500.00", ...zeros.slice(1)])])).toBe("₦2,500 this week, nothing last week");
    expect(weekOnWeek(weeks(zeros, zeros))).toBe("₦0 this week, nothing last week either");
  });
});

it("labels a Lagos date as written, whatever the browser's zone", () => {
  expect(dayLabel("2026-11-27")).toBe("27 Nov");
  expect(dayLabel("2026-11-27", true)).toBe("Fri 27 Nov");
});

it("tops the scale at 1, 2 or 5 times a power of ten", () => {
  expect([0, 0.5, 1, 1200, 2000, 2001, 48000, 60000].map(scaleTop)).toEqual([1, 0.5, 1, 2000, 2000, 5000, 50000, 100000]);
});
