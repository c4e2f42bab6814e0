import { cloudinaryReceiptAt, cloudinaryReceiptPath, isReceiptPath, receiptPathOf } from "./receipt-files.ts";

describe("where a stored receipt opens (decision 031)", () => {
  const name = "0f1e2d3c4b5a69788796a5b4";

  it("a receipt on disk and one kept authenticated at Cloudinary open at their stored path", () => {
    expect(receiptPathOf(`/uploads/receipts/${name}.jpg`)).toBe(`/uploads/receipts/${name}.jpg`);
    const authenticated = cloudinaryReceiptPath(name, "pdf", "authenticated");
    expect(authenticated).toBe(`/uploads/receipts/cloudinary/authenticated/${name}.pdf`);
    expect(receiptPathOf(authenticated)).toBe(authenticated);
    expect(cloudinaryReceiptAt(authenticated)).toEqual({ publicId: `receipts/${name}`, format: "pdf", type: "authenticated" });
    expect(cloudinaryReceiptAt(`/uploads/receipts/${name}.jpg`)).toBeNull();
  });

  it("a receipt stored public at Cloudinary before 2026-11-26 opens through the store, as an upload-type asset", () => {
    const path = receiptPathOf(`https://res.cloudinary.com/thrift/image/upload/v1712345678/receipts/${name}.jpg`);
    expect(path).toBe(`/uploads/receipts/cloudinary/upload/${name}.jpg`);
    expect(cloudinaryReceiptAt(path!)).toEqual({ publicId: `receipts/${name}`, format: "jpg", type: "upload" });
    expect(receiptPathOf(`https://res.cloudinary.com/thrift/image/upload/receipts/${name}.jpg`)).toBe(path);
  });

  it("anything else is no receipt of ours", () => {
    for (const other of [
      `https://res.cloudinary.com/thrift/image/upload/v1/product-images/${name}.jpg`,
      `https://res.cloudinary.com/thrift/image/upload/w_600/receipts/${name}.jpg`,
      `https://res.cloudinary.com/thrift/raw/upload/v1/receipts/${name}.jpg`,
      `https://evil.example/thrift/image/upload/v1/receipts/${name}.jpg`,
      `/uploads/receipts/cloudinary/private/${name}.jpg`,
      `/uploads/receipts/cloudinary/authenticated/../${name}.jpg`,
      `/uploads/product-images/${name}.webp`,
      `/uploads/receipts/${name}.jpg?expires=1`,
    ]) {
      expect([other, receiptPathOf(other)]).toEqual([other, null]);
      expect(isReceiptPath(other)).toBe(false);
    }
  });
});
