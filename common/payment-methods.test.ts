// The checkout's preselected payment method and docs/payments-paystack.md say the same thing
// (issue 40, finding 11: the docs called the manual transfer the default while checkout preselected
// the one-time account).
import { readFileSync } from "node:fs";
import { CHECKOUT_PAYMENT_ORDER, PAYMENT_METHOD_LABELS } from "./payment-methods.ts";

const doc = readFileSync(new URL("../docs/payments-paystack.md", import.meta.url), "utf8");

describe("the checkout's default payment method", () => {
  it("is the first choice the docs list, and the docs call it preselected and no other method the default", () => {
    const listed = [...doc.matchAll(/^\d\. \*\*(.+?)\*\*/gm)].map((match) => match[1]);
    expect(listed).toEqual(CHECKOUT_PAYMENT_ORDER.map((method) => PAYMENT_METHOD_LABELS[method]));
    const first = doc.slice(doc.indexOf("1. **"), doc.indexOf("2. **"));
    expect(first).toMatch(/preselected \(the checkout's default/);
    expect(doc).not.toMatch(/\(the default\)/);
  });
});
