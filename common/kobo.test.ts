import { fromKobo, toKobo } from "./kobo.ts";

describe("kobo", () => {
  it("reads a Money string as exact kobo, with one or two decimals or none", () => {
    expect(toKobo("4500.50")).toBe(450050);
    expect(toKobo("4500.5")).toBe(450050);
    expect(toKobo(" 4500 ")).toBe(450000);
    expect(toKobo("0.07")).toBe(7);
  });
  it("refuses what is not a naira amount (three decimals, a sign, a float's exponent)", () => {
    for (const bad of ["4500.505", "-1.00", "1e3", "", "₦4,500"]) expect(() => toKobo(bad)).toThrow(`Not a naira amount: ${bad}`);
  });
  it("writes kobo back as the API's Money string, below zero too", () => {
    expect(fromKobo(450050)).toBe("4500.50");
    expect(fromKobo(7)).toBe("0.07");
    expect(fromKobo(0)).toBe("0.00");
    expect(fromKobo(-20000)).toBe("-200.00");
    expect(fromKobo(-5)).toBe("-0.05");
  });
  it("adds money without float error: 0.1 + 0.2 is 0.30", () => {
    expect(fromKobo(toKobo("0.1") + toKobo("0.2"))).toBe("0.30");
  });
});
