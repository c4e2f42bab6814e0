import { paymentIsDue, paymentState } from "./payment-state.ts";

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
