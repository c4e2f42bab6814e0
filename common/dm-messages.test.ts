import { buyerChatLink, pieceDmText, takenOrderText } from "./dm-messages.ts";

describe("messages the owner sends into a DM", () => {
  it("an order taken by hand: the pieces, the total and the payment link, to the buyer's own number", () => {
    const text = takenOrderText({
      storeName: "Thrift Store",
      buyerName: "Amaka Obi",
      reference: "7KQ2M9XD",
      items: [
        { productName: "Adire Two-Piece", quantity: 1, price: "18000.00" },
        { productName: "Ankara Scarf", quantity: 2, price: "2500.00" },
      ],
      deliveryFee: "2500.00",
      total: "25500.00",
      paymentLink: "https://shop.example/pay/7KQ2M9XD",
    });
    expect(text).toBe(
      "Hello Amaka, thank you for your order 7KQ2M9XD from Thrift Store:\n- Adire Two-Piece: ₦18,000\n- Ankara Scarf × 2: ₦2,500\nDelivery: ₦2,500\nTotal: ₦25,500\n" +
        "Pay by bank transfer here and upload your receipt (no sign-up needed): https://shop.example/pay/7KQ2M9XD",
    );
    expect(buyerChatLink("+2348055551234", text)).toBe(`https://wa.me/2348055551234?text=${encodeURIComponent(text)}`);
  });

  it("a piece for a DM: name, price, condition, size, measurements and link in one message", () => {
    expect(pieceDmText({ name: "Levi's 501", price: "9500.00", condition: "Like new", size: "W32", measurements: "Waist 82 cm, inseam 78 cm", url: "https://shop.example/products/levis-501" })).toBe(
      "Levi's 501 · ₦9,500\nCondition: Like new\nSize: W32\nMeasurements: Waist 82 cm, inseam 78 cm\nhttps://shop.example/products/levis-501",
    );
  });
});
