import { forOwner, forShopper, internationalNumber } from "./outbox.ts";
import { paymentConfirmed } from "./templates.ts";

const content = paymentConfirmed("https://shop.ng", "Thrift", { shortOrderId: "AB12CD34" });
const order = { id: "o1", customerPhone: "+2348031234567", whatsappUpdates: true };
const whatsapp = { token: "t", phoneNumberId: "1", apiUrl: "u", appSecret: null, verifyToken: null, templateLanguage: "en" };
const termii = { apiKey: "k", baseUrl: "u", senderId: "Thrift" };

describe("who gets a message", () => {
  it("a shopper only with consent: on WhatsApp when configured, else by SMS through Termii, else not at all", () => {
    expect(forShopper({ whatsapp, termii }, order, content).map((m) => [m.channel, m.to])).toEqual([["whatsapp", "2348031234567"]]);
    expect(forShopper({ whatsapp: null, termii }, order, content).map((m) => m.channel)).toEqual(["sms"]);
    expect(forShopper({ whatsapp: null, termii: null }, order, content)).toEqual([]);
    expect(forShopper({ whatsapp, termii }, { ...order, whatsappUpdates: false }, content)).toEqual([]);
  });

  it("the owner on STORE_WHATSAPP whenever WhatsApp is configured, never by SMS alone", () => {
    expect(forOwner({ whatsapp, store: { whatsapp: "2348035550142" } }, "o1", content)).toMatchObject([{ channel: "whatsapp", to: "2348035550142", toShopper: false }]);
    expect(forOwner({ whatsapp: null, store: { whatsapp: "2348035550142" } }, "o1", content)).toEqual([]);
  });

  it("numbers go out in international form without the plus", () => {
    expect(internationalNumber("0803 123 4567")).toBe("2348031234567");
    expect(internationalNumber("12345")).toBeNull();
  });
});
