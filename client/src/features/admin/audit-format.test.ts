// The admin's order history reads as sentences in Lagos time: no JSON, no ISO times, no record ids.
import { describeChange } from "./audit-format.ts";

const PRODUCT = "3f2b9c1e-8a4d-4c1b-9e2f-1a2b3c4d5e6f";
const json = (value: unknown) => JSON.stringify(value);
const RAW = /[{}[\]"]|\d{4}-\d\d-\d\dT|[\da-f]{8}-[\da-f]{4}-/;

describe("order history sentences", () => {
  it("tell each step as the owner reads it, as the server records them", () => {
    const cases: [string, unknown, unknown, string][] = [
      ["order.placed", null, { shortOrderId: "7KQ2M9XD", total: "16500.00", deliveryFee: "1500.00", status: "pending", items: [{ productId: PRODUCT, quantity: 2 }, { productId: PRODUCT, quantity: 1 }] }, "3 items for ₦16,500; delivery ₦1,500."],
      ["payment.receipt_submitted", { paymentStatus: "awaiting_transfer", holdExpiresAt: "2026-11-26T09:00:00.000Z" }, { paymentStatus: "under_review", holdExpiresAt: "2026-11-27T09:00:00.000Z", senderName: "Ada Obi", senderBank: "Access Bank" }, "Sent by Ada Obi (Access Bank); hold extended to Fri 27 Nov 2026, 10:00 AM (Lagos time)."],
      ["payment.marked_paid", { status: "pending", paymentStatus: "awaiting_transfer" }, { status: "confirmed", paymentStatus: "paid", bankReference: "FT26NOV0001", total: "16500.00" }, "₦16,500 received; bank reference FT26NOV0001; status Pending → Confirmed."],
      ["order.status", { status: "pending", paymentStatus: "awaiting_transfer", holdsStock: true, trackingNumber: null }, { status: "shipped", paymentStatus: "awaiting_transfer", holdsStock: true, trackingNumber: "TRK-ABCDEFGHJK", transportCompany: "GUO", waybillNumber: null, driverPhone: "+2348050001111", unpaidConfirmed: true }, "Status Pending → Shipped; tracking number none → TRK-ABCDEFGHJK; transport company GUO; driver phone +234 805 000 1111; moved on unpaid, as the admin confirmed."],
      ["order.expired", { status: "pending", paymentStatus: "awaiting_transfer" }, { status: "cancelled", paymentStatus: "expired", stockReturned: [{ productId: PRODUCT, quantity: 1 }] }, "No payment before the hold ended: cancelled; 1 item back in stock."],
      ["order.additions_released", { total: "21000.00", paymentStatus: "awaiting_transfer" }, { total: "13000.00", paymentStatus: "paid", stockReturned: [{ productId: PRODUCT, productName: "Belt", quantity: 2, price: "4000.00" }] }, "Balance not paid before the hold ended: 2 items back in stock; total ₦21,000 → ₦13,000."],
    ];
    for (const [action, before, after, expected] of cases) {
      const text = describeChange(action, before === null ? null : json(before), json(after));
      expect([action, text]).toEqual([action, expected]);
      expect(text).not.toMatch(RAW);
    }
  });

  it("an action it has no words for still reads without JSON or ids", () => {
    const text = describeChange("product.update", json({ price: "5000.00", stock: 2, categoryId: PRODUCT }), json({ price: "4500.00", stock: 1, categoryId: PRODUCT, images: ["/a.webp"] }));
    expect(text).toBe("Price ₦5,000 → ₦4,500; stock 2 → 1.");
  });
});
