import { parseCloudinaryUrl, publicIdFromUrl } from "./cloudinary.ts";

describe("Cloudinary settings and URLs", () => {
  it("reads key, secret, cloud and an optional upload prefix from CLOUDINARY_URL", () => {
    expect(parseCloudinaryUrl("cloudinary://123:abc@thrift?upload_prefix=http://127.0.0.1:9999")).toEqual({
      cloudName: "thrift",
      apiKey: "123",
      apiSecret: "abc",
      uploadPrefix: "http://127.0.0.1:9999",
    });
    expect(() => parseCloudinaryUrl("cloudinary://thrift")).toThrow("CLOUDINARY_URL must look like");
  });

  it("finds the public id of a stored image (for deletion), ignoring version and extension", () => {
    expect(publicIdFromUrl("https://res.cloudinary.com/thrift/image/upload/v1712/product-images/ab12cd.jpg")).toBe("product-images/ab12cd");
    expect(publicIdFromUrl("https://res.cloudinary.com/thrift/image/upload/profiles/0f2a-11.png?v=2")).toBe("profiles/0f2a-11");
    expect(publicIdFromUrl("/uploads/product-images/x.jpg")).toBeNull();
  });
});
