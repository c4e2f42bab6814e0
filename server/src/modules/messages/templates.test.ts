import { TEMPLATE_BODIES, TEMPLATE_NAMES, claimDecided, orderReceived, orderShipped, ownerNewOrder, paymentConfirmed, paymentReminder, shipmentLine, timeLeft } from "./templates.ts";

const order = { shortOrderId: "AB12CD34", customerName: "Ada Obi", total: "12500.00" };
const url = "https://shop.ng";

describe("WhatsApp templates", () => {
  it("each message fills exactly the placeholders of its template's body", () => {
    const made = [
      orderReceived(url, "Thrift", order),
      paymentConfirmed(url, "Thrift", order),
      orderShipped(url, "Thrift", order, { transportCompany: "GIG", waybillNumber: "W1", trackingNumber: null }),
      paymentReminder(url, "Thrift", order, new Date("2026-11-27T17:00:00Z"), new Date("2026-11-27T11:00:00Z")),
      ownerNewOrder(url, order, "the website"),
      claimDecided(url, "Thrift", order, { decision: "refund", amount: "4000.00" }),
    ];
    expect(made.map((m) => m.template).sort()).toEqual([...TEMPLATE_NAMES].sort());
    for (const message of made) {
      const placeholders = TEMPLATE_BODIES[message.template].match(/\{\{\d+\}\}/g)!;
      expect(placeholders).toEqual(message.params.map((_, i) => `{{${i + 1}}}`));
      // Meta refuses a body that starts or ends with a placeholder.
      expect(TEMPLATE_BODIES[message.template]).toMatch(/^[^{].*[^}]$/);
      expect(message.text).toContain(order.shortOrderId);
      expect(message.text).not.toContain("₦");
    }
  });

  it("a claim's decision says what was decided; a refund its amount (NGN in the SMS)", () => {
    const decided = (decision: "refund" | "exchange" | "decline") => claimDecided(url, "Thrift", order, { decision, amount: decision === "refund" ? "4000.00" : null });
    expect(decided("refund").params).toEqual(["AB12CD34", "we are refunding ₦4,000", "https://shop.ng/track-order/AB12CD34"]);
    expect(decided("refund").text).toBe("Thrift: claim on order AB12CD34: we are refunding NGN 4,000. Details: https://shop.ng/track-order/AB12CD34");
    expect(decided("exchange").params[1]).toBe("we will exchange the piece and contact you to arrange it");
    expect(decided("decline").params[1]).toBe("we could not accept it");
  });

  it("the shipment line has what the order has of carrier, waybill and tracking", () => {
    expect(shipmentLine({ transportCompany: "GIG Logistics", waybillNumber: "12345", trackingNumber: null })).toBe("GIG Logistics, waybill 12345");
    expect(shipmentLine({ transportCompany: null, waybillNumber: null, trackingNumber: "TRK-9" })).toBe("tracking TRK-9");
  });

  it("the time left is in hours and minutes, and its end in Lagos time", () => {
    expect(timeLeft(new Date("2026-11-27T11:00:30Z"), new Date("2026-11-27T17:00:00Z"))).toBe("6 hours (until Fri 27 Nov 2026, 6:00 PM, Lagos time)");
  });
});
