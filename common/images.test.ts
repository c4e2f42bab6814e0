import { asksToSaveData, cloudinaryUrl, IMAGE_WIDTHS, imageSources, PRODUCT_DETAIL_IMAGE, saveDataWidth } from "./images.ts";

const CLOUDINARY = "https://res.cloudinary.com/demo/image/upload/v1712/product-images/gown.jpg";

describe("srcset for product pictures", () => {
  it("a Cloudinary picture gets one automatic-format, automatic-quality rendition per width", () => {
    const { src, srcSet } = imageSources(CLOUDINARY, PRODUCT_DETAIL_IMAGE.width);
    expect(src).toBe("https://res.cloudinary.com/demo/image/upload/w_600,c_limit,f_auto,q_auto/v1712/product-images/gown.jpg");
    expect(srcSet!.split(", ")).toEqual([
      "https://res.cloudinary.com/demo/image/upload/w_320,c_limit,f_auto,q_auto/v1712/product-images/gown.jpg 320w",
      "https://res.cloudinary.com/demo/image/upload/w_640,c_limit,f_auto,q_auto/v1712/product-images/gown.jpg 640w",
      "https://res.cloudinary.com/demo/image/upload/w_960,c_limit,f_auto,q_auto/v1712/product-images/gown.jpg 960w",
      "https://res.cloudinary.com/demo/image/upload/w_1280,c_limit,f_auto,q_auto/v1712/product-images/gown.jpg 1280w",
    ]);
  });

  it("with Save-Data, a Cloudinary picture is offered at most half the largest width, at eco quality", () => {
    const { src, srcSet } = imageSources(CLOUDINARY, PRODUCT_DETAIL_IMAGE.width, true);
    expect(src).toBe("https://res.cloudinary.com/demo/image/upload/w_320,c_limit,f_auto,q_auto:eco/v1712/product-images/gown.jpg");
    expect(srcSet!.split(", ")).toEqual([
      "https://res.cloudinary.com/demo/image/upload/w_320,c_limit,f_auto,q_auto:eco/v1712/product-images/gown.jpg 320w",
      "https://res.cloudinary.com/demo/image/upload/w_640,c_limit,f_auto,q_auto:eco/v1712/product-images/gown.jpg 640w",
    ]);
    // A local upload keeps its addresses: the server answers them with smaller files (serve-uploads.ts).
    const local = "/uploads/product-images/0a1b2c3d4e5f60718293a4b5.2000w.webp";
    expect(imageSources(local, 400, true)).toEqual(imageSources(local, 400));
  });

  it("Save-Data is on only when the header says on", () => {
    expect(asksToSaveData("on")).toBe(true);
    expect(asksToSaveData(" On ")).toBe(true);
    for (const value of [undefined, null, "", "off", "1"]) expect(asksToSaveData(value)).toBe(false);
  });

  it("an http Cloudinary address is transformed too; other hosts are left alone", () => {
    expect(cloudinaryUrl("http://res.cloudinary.com/x/image/upload/a.png", 320)).toBe("http://res.cloudinary.com/x/image/upload/w_320,c_limit,f_auto,q_auto/a.png");
    expect(cloudinaryUrl("https://example.com/image/upload/a.png", 320)).toBe("https://example.com/image/upload/a.png");
    expect(imageSources("https://example.com/a.jpg", 400)).toEqual({ src: "https://example.com/a.jpg" });
  });

  it("a local upload stored at 2000 px offers every width plus itself, falling back to the width that fills the slot", () => {
    const { src, srcSet } = imageSources("/uploads/product-images/0a1b2c3d4e5f60718293a4b5.2000w.webp", 400);
    expect(src).toBe("/uploads/product-images/0a1b2c3d4e5f60718293a4b5.640w.webp");
    expect(srcSet!.split(", ")).toEqual([
      ...IMAGE_WIDTHS.map((w) => `/uploads/product-images/0a1b2c3d4e5f60718293a4b5.${w}w.webp ${w}w`),
      "/uploads/product-images/0a1b2c3d4e5f60718293a4b5.2000w.webp 2000w",
    ]);
  });

  it("a small local upload is never offered at widths it was not stored in", () => {
    const { src, srcSet } = imageSources("/uploads/product-images/abc.700w.webp", 600);
    expect(srcSet).toBe("/uploads/product-images/abc.320w.webp 320w, /uploads/product-images/abc.640w.webp 640w, /uploads/product-images/abc.700w.webp 700w");
    expect(src).toBe("/uploads/product-images/abc.640w.webp");
    expect(imageSources("/uploads/product-images/tiny.200w.webp", 400)).toEqual({ src: "/uploads/product-images/tiny.200w.webp", srcSet: "/uploads/product-images/tiny.200w.webp 200w" });
  });

  it("older uploads, demo SVGs and avatars have no renditions and are shown as they are", () => {
    for (const src of ["/uploads/product-images/abc.webp", "/images/demo/gown.svg", "/uploads/profiles/user.640w.webp", "/uploads/product-images/../x.640w.webp"]) {
      expect(imageSources(src, 400)).toEqual({ src });
    }
  });

  it("Save-Data asks for about half the width, never below the smallest rendition", () => {
    expect(saveDataWidth(2000)).toBe(960);
    expect(saveDataWidth(1280)).toBe(640);
    expect(saveDataWidth(960)).toBe(320);
    expect(saveDataWidth(640)).toBe(320);
    expect(saveDataWidth(500)).toBe(320);
    expect(saveDataWidth(320)).toBeNull();
  });
});
