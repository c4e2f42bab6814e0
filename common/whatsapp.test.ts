import { orderChatLink, orderChatText, productQuestionLink, productShareLink, whatsappNumber } from "./whatsapp.ts";

describe("WhatsApp links", () => {
  it("use the store number in international digits", () => {
    expect(whatsappNumber("+234 803 555 0142")).toBe("2348035550142");
    expect(whatsappNumber("0803 555 0142")).toBe("2348035550142");
  });

  it("prefill the order reference, the naira total and the shopper's name", () => {
    const text = orderChatText({ reference: "7K3M9QXA", total: "45500.00", name: "Ada Obi" });
    expect(text).toBe("Hello, I'm Ada Obi. I'm writing about my order 7K3M9QXA (total ₦45,500).");
    const link = orderChatLink("2348035550142", { reference: "7K3M9QXA", total: "45500.00", name: "Ada Obi" });
    expect(link.startsWith("https://wa.me/2348035550142?text=")).toBe(true);
    expect(decodeURIComponent(new URL(link).searchParams.get("text")!)).toBe(text);
  });

  it("ask about a product with its name, size, price and link; share without a number", () => {
    const product = { name: "Ankara Gown", size: "M", price: "12500", url: "https://shop.ng/products/ankara-gown" };
    const ask = new URL(productQuestionLink("2348035550142", product));
    expect(ask.pathname).toBe("/2348035550142");
    expect(ask.searchParams.get("text")).toBe("Hello, is this still available? Ankara Gown, size M (₦12,500) https://shop.ng/products/ankara-gown");
    const share = new URL(productShareLink(product));
    expect(share.pathname).toBe("/");
    expect(share.searchParams.get("text")).toBe("Ankara Gown for ₦12,500: https://shop.ng/products/ankara-gown");
  });
});
