import { formatNaira } from "./naira.ts";

describe("formatNaira", () => {
  it("groups thousands and drops zero kobo", () => {
    expect(formatNaira("12500.00")).toBe("₦12,500");
    expect(formatNaira(1_234_567)).toBe("₦1,234,567");
    expect(formatNaira("999")).toBe("₦999");
    expect(formatNaira("0")).toBe("₦0");
  });
  it("shows kobo only when non-zero", () => {
    expect(formatNaira("12500.5")).toBe("₦12,500.50");
    expect(formatNaira("1000.05")).toBe("₦1,000.05");
  });
  it("renders the same whatever the process locale", () => {
    const original = Intl.NumberFormat;
    expect(formatNaira("45000.00")).toBe("₦45,000");
    expect(original).toBe(Intl.NumberFormat);
  });
});
