import { holdRuns, paymentIsDue, paymentState } from "./payment-state.ts";

describe("where an order's payment stands", () => {
  it("asks for money only while payment is due", () => {
    expect(paymentState({ status: "pending", paymentStatus: "awaiting_transfer" })).toBe("due");
    expect(paymentState({ status: "pending", paymentStatus: "awaiting_transfer", rejectionReason: "No credit" })).toBe("rejected");
    expect(paymentState({ status: "pending", paymentStatus: "under_review" })).toBe("under_review");
    expect(paymentState({ status: "confirmed", paymentStatus: "paid" })).toBe("paid");
    // A paid order that was cancelled later was still paid: never ask again.
    expect(paymentState({ status: "cancelled", paymentStatus: "paid" })).toBe("paid");
    expect(paymentState({ status: "cancelled", paymentStatus: "expired" })).toBe("expired");
    expect(paymentState({ status: "cancelled", paymentStatus: "awaiting_transfer" })).toBe("cancelled");
    expect(["due", "rejected"].map((s) => paymentIsDue(s as never))).toEqual([true, true]);
    expect(["under_review", "paid", "expired", "cancelled"].some((s) => paymentIsDue(s as never))).toBe(false);
  });
});

describe("whether an order's hold still counts down", () => {
  it("runs while pending, or while a paid order that grew awaits its balance; not once the owner moved an unpaid order on", () => {
    expect(holdRuns({ status: "pending" })).toBe(true);
    expect(holdRuns({ status: "confirmed" })).toBe(false);
    expect(holdRuns({ status: "processing", balanceSince: null })).toBe(false);
    expect(holdRuns({ status: "confirmed", balanceSince: "2026-11-28T07:00:00.000Z" })).toBe(true);
    expect(holdRuns({ status: "shipped", balanceSince: "2026-11-28T07:00:00.000Z" })).toBe(false);
  });
});
