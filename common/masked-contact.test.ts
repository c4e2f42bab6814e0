import { firstName, maskAddress, maskEmail, maskPhone } from "./masked-contact.ts";

describe("a buyer's contact on the payment page", () => {
  it("keeps only enough of the phone, email and address to recognise them", () => {
    expect(maskPhone("+2348055551234")).toBe("0805 ••• ••34");
    expect(maskEmail("tolu.adeyemi@example.ng")).toBe("t•••@example.ng");
    expect(maskAddress("4 Bode Thomas Street, Surulere")).toBe("•••, Surulere");
    expect(maskAddress("4 Bode Thomas Street")).toBe("•••");
    expect(firstName("  Amaka   Obi ")).toBe("Amaka");
  });
});
