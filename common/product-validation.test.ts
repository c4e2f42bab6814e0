import fc from "fast-check";
import { checkProduct, parseNaira } from "./product-validation.ts";
import { formatNaira } from "./naira.ts";

describe("parseNaira: what a Nigerian admin means", () => {
  it.each([
    ["12,500", "12500.00"],
    ["12500", "12500.00"],
    ["₦12,500", "12500.00"],
    ["N12,500", "12500.00"],
    ["n 12,500", "12500.00"],
    ["NGN 12,500", "12500.00"],
    ["₦ 12500", "12500.00"],
    ["12,500.50", "12500.50"],
    ["12,500.5", "12500.50"],
    ["1,234,567", "1234567.00"],
    ["  7500 ", "7500.00"],
    ["0.50", "0.50"],
    ["999", "999.00"],
  ])("%s is %s", (text, amount) => {
    expect(parseNaira(text)).toEqual({ ok: true, amount });
  });

  it.each([
    ["12.500", "unclear"],
    ["12,50", "unclear"],
    ["1,2,3", "unclear"],
    ["1.000,50", "unclear"],
    ["12,5000", "unclear"],
    ["12.345.678", "unclear"],
    [",500", "unclear"],
    ["12500.", "unclear"],
    ["12k", "invalid"],
    ["abc", "invalid"],
    ["twelve thousand", "invalid"],
    ["$12,500", "invalid"],
    ["1e5", "invalid"],
    ["-12,500", "negative"],
    ["₦-500", "negative"],
    ["", "empty"],
    ["   ", "empty"],
    ["12345678901", "too-large"],
  ])("%s is refused (%s)", (text, problem) => {
    expect(parseNaira(text)).toEqual({ ok: false, problem });
  });

  it("reads back every amount the store prints, with or without the sign and grouping", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.integer({ min: 0, max: 99 }), (naira, kobo) => {
        const amount = `${naira}.${String(kobo).padStart(2, "0")}`;
        const printed = formatNaira(amount); // "₦12,500" or "₦12,500.05"
        expect(parseNaira(printed)).toEqual({ ok: true, amount });
        expect(parseNaira(printed.replace("₦", "N"))).toEqual({ ok: true, amount });
        expect(parseNaira(printed.replace("₦", "").replace(/,/g, ""))).toEqual({ ok: true, amount });
      }),
    );
  });

  it("never reads a dot followed by three digits as kobo (12.500 is refused, never ₦12.50)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), (whole, part) => {
        const text = `${whole}.${String(part).padStart(3, "0")}`;
        expect(parseNaira(text)).toEqual({ ok: false, problem: "unclear" });
      }),
    );
  });

  it("refuses any comma group that is not three digits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.string({ unit: fc.constantFrom("0", "1", "5", "9"), minLength: 1, maxLength: 6 }).filter((s) => s.length !== 3),
        (head, group) => {
          expect(parseNaira(`${head},${group}`).ok).toBe(false);
        },
      ),
    );
  });

  it("whatever is typed, an accepted amount is a canonical non-negative number with two decimals", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("1", "2", "0", ",", ".", "₦", "N", " ", "-", "a"), maxLength: 14 }), (text) => {
        const parsed = parseNaira(text);
        if (parsed.ok) {
          expect(parsed.amount).toMatch(/^\d{1,10}\.\d{2}$/);
          // Commas only group: the number stored is the number typed without them.
          const typed = text.trim().replace(/^(₦|NGN|N)\s*/i, "").replace(/,/g, "");
          expect(Number(parsed.amount)).toBe(Number(typed));
        }
      }),
    );
  });
});

describe("checkProduct", () => {
  const base = { name: "Ankara Gown", price: "12,500", stock: 2 };

  it("stores what the admin means", () => {
    const result = checkProduct({ ...base, originalPrice: "₦15,000", stock: "3", slug: "", size: " ", categoryId: "" });
    expect(result).toEqual({
      ok: true,
      product: expect.objectContaining({ price: "12500.00", originalPrice: "15000.00", stock: 3, slug: null, size: null, categoryId: null }),
    });
  });

  it.each([
    [{ price: "12.500" }, "price", 'Price "12.500" is unclear: use a comma between thousands and a dot only before kobo (e.g. 12,500 or 12,500.50)'],
    [{ price: "12,50" }, "price", 'Price "12,50" is unclear: use a comma between thousands and a dot only before kobo (e.g. 12,500 or 12,500.50)'],
    [{ price: "-500" }, "price", "Price cannot be negative"],
    [{ price: "abc" }, "price", "Price must be an amount of naira (e.g. 12,500 or 12,500.50)"],
    [{ price: "0" }, "price", "Price must be a positive amount of naira"],
    [{ price: "" }, "price", "Price must be a positive amount of naira"],
    [{ originalPrice: "1,2,3" }, "originalPrice", 'Original price "1,2,3" is unclear: use a comma between thousands and a dot only before kobo (e.g. 12,500 or 12,500.50)'],
    [{ originalPrice: "12,000" }, "originalPrice", "Original price must be higher than the price"],
    [{ stock: "1.5" }, "stock", "Stock must be a whole number of 0 or more"],
    [{ stock: "1,2" }, "stock", "Stock must be a whole number of 0 or more"],
    [{ stock: -1 }, "stock", "Stock must be a whole number of 0 or more"],
    [{ imageUrl: "/uploads/product-images/a.jpg", galleryUrls: ["/uploads/product-images/a.jpg"] }, "galleryUrls", "Each picture can be used once"],
    // Public pictures never come from the private folders (receipts, claim photos) or climb out of theirs.
    [{ imageUrl: "/uploads/receipts/0a1b2c3d4e5f60718293a4b5.jpg" }, "imageUrl", "Image must be an uploaded image URL"],
    [{ galleryUrls: ["/uploads/product-images/../receipts/x.jpg"] }, "galleryUrls", "Gallery images must be uploaded image URLs"],
    [{ flawPhotoUrls: ["/uploads/product-images/..%2Freceipts%2Fx.jpg"] }, "flawPhotoUrls", "Flaw photos must be uploaded image URLs"],
  ])("%j is refused on %s", (patch, field, message) => {
    expect(checkProduct({ ...base, ...patch })).toEqual({ ok: false, field, message });
  });
});
