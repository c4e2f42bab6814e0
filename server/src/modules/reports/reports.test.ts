// Pure rules of the owner's reports: Lagos days and formula cells.
import { formatLagos, lagosDateRange, lagosMidnight, lastLagosDays } from "./lagos-days.ts";
import { neutralizeFormula, toCsv } from "./csv.ts";

describe("Lagos days", () => {
  it("a Lagos day begins at 23:00 UTC the evening before", () => {
    expect(lagosMidnight(new Date("2031-03-14T23:30:00Z")).toISOString()).toBe("2031-03-14T23:00:00.000Z");
    expect(lagosMidnight(new Date("2031-03-14T22:59:59.999Z")).toISOString()).toBe("2031-03-13T23:00:00.000Z");
    expect(lagosMidnight(new Date("2031-03-14T23:00:00Z")).toISOString()).toBe("2031-03-14T23:00:00.000Z");
  });

  it("the last 7 days are today and the 6 Lagos days before it", () => {
    expect(lastLagosDays(new Date("2031-03-15T12:00:00Z"), 7).from.toISOString()).toBe("2031-03-08T23:00:00.000Z");
  });

  it("a date range is inclusive of both Lagos dates and refuses impossible ones", () => {
    const range = lagosDateRange("2031-04-10", "2031-04-11")!;
    expect([range.start.toISOString(), range.end.toISOString()]).toEqual(["2031-04-09T23:00:00.000Z", "2031-04-11T23:00:00.000Z"]);
    expect(lagosDateRange("2031-02-30", "2031-03-01")).toBeNull();
    expect(lagosDateRange("2031-04-11", "2031-04-10")).toBeNull();
    expect(lagosDateRange("10/04/2031", "2031-04-10")).toBeNull();
  });

  it("formats an instant as Lagos wall time", () => {
    expect(formatLagos(new Date("2031-04-09T23:30:00Z"))).toBe("2031-04-10 00:30");
    expect(formatLagos(null)).toBe("");
  });
});

describe("formula cells", () => {
  it.each(["=1+1", "+234", "-2", "@SUM(A1)", "\tx", "\rx"])("%j gets a leading apostrophe", (cell) => expect(neutralizeFormula(cell)).toBe(`'${cell}`));
  it.each(["Ankara gown", "12500.00", "", "a=b"])("%j is left alone", (cell) => expect(neutralizeFormula(cell)).toBe(cell));

  it("writes a BOM, CRLF rows and RFC 4180 quotes", () => {
    expect(toCsv(["name", "note"], [['Say "hi"', "a,b"], ["x", null]])).toBe('\uFEFFname,note\r\n"Say ""hi""","a,b"\r\nx,\r\n');
  });
});
