import { checkDiscountCode, codeRefusal, discountFor, normalizeCode, offerLabel, type CodeTerms } from "./discount-codes.ts";
import { addableUntil, addMoreLine, bundleRefusal, BUNDLE_MESSAGES } from "./bundles.ts";
import { freeDeliveryShortfall } from "./delivery.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const TERMS: CodeTerms = { percentOff: 10, amountOff: null, minSubtotal: null, startsAt: null, endsAt: null, maxUses: null, uses: 0, active: true };

describe("discount codes", () => {
  it("take a percentage rounded down to the kobo, or an amount, never more than the items", () => {
    expect(discountFor(TERMS, "12500.00")).toBe("1250.00");
    expect(discountFor({ percentOff: 15, amountOff: null }, "333.33")).toBe("49.99");
    expect(discountFor({ percentOff: null, amountOff: "2000.00" }, "9000.00")).toBe("2000.00");
    expect(discountFor({ percentOff: null, amountOff: "2000.00" }, "1500.50")).toBe("1500.50");
  });

  it("say why they do not apply, in the order a shopper can act on", () => {
    expect(codeRefusal(null, "5000.00", NOW)).toBe("This code is not valid");
    expect(codeRefusal({ ...TERMS, active: false }, "5000.00", NOW)).toBe("This code is not valid");
    expect(codeRefusal({ ...TERMS, endsAt: NOW }, "5000.00", NOW)).toBe("This code has expired");
    expect(codeRefusal({ ...TERMS, startsAt: new Date(NOW.getTime() + 1000) }, "5000.00", NOW)).toBe("This code has not started yet");
    expect(codeRefusal({ ...TERMS, maxUses: 3, uses: 3 }, "5000.00", NOW)).toBe("This code has been used up");
    expect(codeRefusal({ ...TERMS, minSubtotal: "20000.00" }, "18500.50", NOW)).toBe("Add ₦1,499.50 more to use this code");
    expect(codeRefusal({ ...TERMS, minSubtotal: "20000.00", maxUses: 3, uses: 2, startsAt: NOW, endsAt: new Date(NOW.getTime() + 1) }, "20000.00", NOW)).toBeNull();
  });

  it("are matched in capitals and typed by the admin as prices are", () => {
    expect(normalizeCode(" igFam10 ")).toBe("IGFAM10");
    const good = checkDiscountCode({ code: "igfam10", amountOff: "₦2,000", minSubtotal: "10,000", maxUses: 1 });
    expect(good).toEqual({
      ok: true,
      value: { code: "IGFAM10", percentOff: null, amountOff: "2000.00", minSubtotal: "10000.00", startsAt: null, endsAt: null, maxUses: 1, maxUsesPerPhone: null, active: true },
    });
    expect(offerLabel({ percentOff: 10, amountOff: null })).toBe("10% off");
    expect(offerLabel({ percentOff: null, amountOff: "2000.00" })).toBe("₦2,000 off");
  });

  it("refuse a code an admin typed wrongly, naming the field", () => {
    const problem = (fields: Parameters<typeof checkDiscountCode>[0]) => {
      const checked = checkDiscountCode(fields);
      return checked.ok ? null : checked.field;
    };
    expect(problem({ code: "IG FAM", percentOff: 10 })).toBe("code");
    expect(problem({ code: "IG", percentOff: 10 })).toBe("code");
    expect(problem({ code: "IGFAM10" })).toBe("percentOff");
    expect(problem({ code: "IGFAM10", percentOff: 10, amountOff: "2000" })).toBe("amountOff");
    expect(problem({ code: "IGFAM10", percentOff: 91 })).toBe("percentOff");
    expect(problem({ code: "IGFAM10", percentOff: 0 })).toBe("percentOff");
    expect(problem({ code: "IGFAM10", amountOff: "2.000" })).toBe("amountOff");
    expect(problem({ code: "IGFAM10", amountOff: "0" })).toBe("amountOff");
    expect(problem({ code: "IGFAM10", percentOff: 5, minSubtotal: "abc" })).toBe("minSubtotal");
    expect(problem({ code: "IGFAM10", percentOff: 5, startsAt: NOW, endsAt: NOW })).toBe("endsAt");
    expect(problem({ code: "IGFAM10", percentOff: 5, maxUses: 0 })).toBe("maxUses");
    expect(problem({ code: "IGFAM10", percentOff: 5, maxUsesPerPhone: 1.5 })).toBe("maxUsesPerPhone");
  });
});

describe("free delivery after a discount", () => {
  it("names what is missing below the threshold and nothing from it up", () => {
    expect(freeDeliveryShortfall({ freeDeliveryThreshold: "50000.00" }, "49999.50")).toBe("0.50");
    expect(freeDeliveryShortfall({ freeDeliveryThreshold: "50000.00" }, "50000.00")).toBeNull();
    expect(freeDeliveryShortfall({ freeDeliveryThreshold: null }, "10.00")).toBeNull();
  });
});

describe("bundles: adding pieces to an order", () => {
  const placed = new Date("2026-11-27T10:00:00Z");
  const open = { createdAt: placed, status: "confirmed", paymentStatus: "paid", holdExpiresAt: null };
  const hours = (n: number) => new Date(placed.getTime() + n * 3600_000);

  it("stay open BUNDLE_HOURS after placing, and for an unpaid order no longer than its hold", () => {
    expect(addableUntil(open, 48, hours(47))).toEqual(hours(48));
    expect(addableUntil({ ...open, status: "pending", paymentStatus: "awaiting_transfer", holdExpiresAt: hours(24) }, 48, hours(1))).toEqual(hours(24));
    expect(addMoreLine(hours(48))).toBe("Add more pieces to this order (no extra delivery) until Sun 29 Nov 2026, 11:00 AM (Lagos time)");
  });

  it("close with a clear reason once shipped, cancelled, expired or past the window", () => {
    expect(bundleRefusal({ ...open, status: "shipped" }, 48, hours(1))).toBe(BUNDLE_MESSAGES.shipped);
    expect(bundleRefusal({ ...open, status: "delivered" }, 48, hours(1))).toBe(BUNDLE_MESSAGES.shipped);
    expect(bundleRefusal({ ...open, status: "cancelled" }, 48, hours(1))).toBe(BUNDLE_MESSAGES.cancelled);
    expect(bundleRefusal({ ...open, status: "cancelled", paymentStatus: "expired" }, 48, hours(1))).toBe(BUNDLE_MESSAGES.expired);
    expect(bundleRefusal(open, 48, hours(48))).toBe("Pieces could be added to this order until Sun 29 Nov 2026, 11:00 AM (Lagos time). Please place a new order.");
    expect(addableUntil(open, 48, hours(48))).toBeNull();
  });
});
