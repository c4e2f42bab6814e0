import { formatPhone, normalizeNigerianPhone, phoneError } from "./phone.ts";

describe("Nigerian phone numbers", () => {
  it("normalise every common way of writing a number to +234 form", () => {
    for (const input of ["08031234567", "0803 123 4567", "0803-123-4567", "+234 803 123 4567", "2348031234567", "+234 (0)803 123 4567", "8031234567"]) {
      expect(normalizeNigerianPhone(input)).toBe("+2348031234567");
    }
  });

  it("refuse numbers that are not Nigerian", () => {
    for (const input of ["+447911123456", "0803123456", "080312345678", "hello world!", "00000000000"]) {
      expect(normalizeNigerianPhone(input)).toBeNull();
    }
  });

  it("keep the spec's message for short input and explain a wrong number", () => {
    expect(phoneError("0803")).toBe("Phone number must be at least 10 digits");
    expect(phoneError("+44 7911 123456")).toBe("Enter a valid Nigerian phone number, e.g. 0803 123 4567");
    expect(phoneError("0803 123 4567")).toBeNull();
  });

  it("show stored numbers spaced in groups, and anything else as stored", () => {
    expect(formatPhone("+2347065551212")).toBe("+234 706 555 1212");
    expect(formatPhone("0803 123 4567")).toBe("+234 803 123 4567");
    expect(formatPhone("+447911123456")).toBe("+447911123456");
  });
});
