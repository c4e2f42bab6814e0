import { acceptAttribute, IMAGE_TYPES, isAllowedType, RECEIPT_TYPES, TYPE_BY_EXTENSION } from "./upload-types.ts";

describe("upload types: one list for the pages and the server", () => {
  it("takes the four web image formats for pictures, and a PDF only as a receipt", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"]) {
      expect(isAllowedType(IMAGE_TYPES, type)).toBe(true);
      expect(isAllowedType(RECEIPT_TYPES, type)).toBe(true);
    }
    expect(isAllowedType(IMAGE_TYPES, "application/pdf")).toBe(false);
    expect(isAllowedType(RECEIPT_TYPES, "application/pdf")).toBe(true);
  });
  it("refuses images the server cannot clean, which the product dialog used to let through (any image/*)", () => {
    for (const type of ["image/svg+xml", "image/heic", "image/avif", "image/bmp", ""]) expect(isAllowedType(IMAGE_TYPES, type)).toBe(false);
  });
  it("gives the file pickers the same list", () => {
    expect(acceptAttribute(IMAGE_TYPES)).toBe("image/jpeg,image/png,image/webp,image/gif");
    expect(acceptAttribute(RECEIPT_TYPES)).toBe("image/jpeg,image/png,image/webp,image/gif,application/pdf");
  });
  it("reads every stored receipt's type back from its extension", () => {
    expect(new Set(Object.values(TYPE_BY_EXTENSION))).toEqual(new Set(RECEIPT_TYPES));
  });
});
