// With CLOUDINARY_URL set, uploads go to Cloudinary through the real SDK, here pointed at a local
// fake Cloudinary API. The SDK chooses http/https when it loads, so the URL (with upload_prefix) is
// set before the store (and so the SDK) starts; Jest gives this file its own module registry.
import fs from "node:fs";
import path from "node:path";
import { imageSources } from "../../common/images.ts";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { startFakeCloudinary, type FakeCloudinary } from "../mocks/cloudinary-server.ts";
import sharp from "sharp";
import { pngImage, upload } from "./uploads-admin-files.ts";
import { uploadForm } from "../helpers/images.ts";
import { createTestOrder } from "../helpers/orders.ts";

let t: TestStore;
let cloud: FakeCloudinary;
let admin: GraphQLClient;
beforeAll(async () => {
  cloud = await startFakeCloudinary();
  const cloudinaryUrl = `cloudinary://test-key:test-secret@thrift-demo?upload_prefix=${cloud.url}`;
  process.env.CLOUDINARY_URL = cloudinaryUrl;
  t = await startTestStore({ seed: false, env: { CLOUDINARY_URL: cloudinaryUrl } });
  admin = await t.admin();
});
afterAll(async () => {
  await t?.close();
  await cloud?.close();
  delete process.env.CLOUDINARY_URL;
});

describe("images on Cloudinary", () => {
  it("product images go to the product-images folder under random names; the stored URLs are Cloudinary's", async () => {
    const res = await upload(t.url, admin.cookie, "product", [
      { name: "front.png", type: "image/png", data: pngImage(8, 8) },
      { name: "back.png", type: "image/png", data: pngImage(4, 4) },
    ]);
    expect(res.status).toBe(201);
    expect(cloud.uploads).toHaveLength(2);
    for (const [i, sent] of cloud.uploads.entries()) {
      expect(sent.cloud).toBe("thrift-demo");
      expect(sent.params.folder).toBe("product-images");
      expect(sent.params.api_key).toBe("test-key");
      expect(sent.bytes).toBeGreaterThan(0);
      expect(res.body.files![i]!.url).toBe(sent.secureUrl);
      expect(res.body.files![i]!.url).toMatch(/^https:\/\/res\.cloudinary\.com\/thrift-demo\/image\/upload\/v\d+\/product-images\/[a-f0-9]+\.webp$/);
      // One file per picture: Cloudinary makes each width on delivery, in the format and quality
      // the browser does best with (f_auto,q_auto), so the page's srcset names transformations.
      const { srcSet } = imageSources(sent.secureUrl, 400);
      expect(srcSet).toBe([320, 640, 960, 1280].map((w) => `${sent.secureUrl.replace("/image/upload/", `/image/upload/w_${w},c_limit,f_auto,q_auto/`)} ${w}w`).join(", "));
    }
    expect(cloud.uploads[0]!.params.public_id).not.toBe(cloud.uploads[1]!.params.public_id);
    // Cloudinary receives the re-encoded picture (WebP, what the store would keep on disk), never the upload as sent.
    for (const sent of cloud.uploads) {
      expect(sent.content.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(sent.content.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
    // Nothing written to local disk.
    expect(fs.existsSync(path.join(t.config.uploadDir, "product-images"))).toBe(false);

    // The URL is accepted as a product image.
    const created = await admin.data(
      `mutation($input: AdminProductInput!) { createProduct(input: $input) { __typename ... on MutationCreateProductSuccess { data { imageUrl galleryUrls } } } }`,
      { input: { name: "Cloud Top", price: "3000", stock: 2, imageUrl: res.body.files![0]!.url, galleryUrls: [res.body.files![1]!.url] } },
    );
    expect(created.createProduct.data.imageUrl).toBe(res.body.files![0]!.url);
    // The store's Content-Security-Policy lets its pages show images from Cloudinary.
    const csp = (await fetch(`${t.url}/`)).headers.get("content-security-policy");
    expect(csp).toContain("img-src 'self' https://res.cloudinary.com;");
  });

  it("an avatar goes to a per-user path in profiles and overwrites the previous one", async () => {
    const shopper = t.client();
    await shopper.signUp("avatar@example.com");
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: "avatar@example.com" } });
    const first = await upload(t.url, shopper.cookie, "avatar", [{ name: "me.png", type: "image/png", data: pngImage() }]);
    const second = await upload(t.url, shopper.cookie, "avatar", [{ name: "me2.png", type: "image/png", data: pngImage(5, 5) }]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const avatarUploads = cloud.uploads.filter((u) => u.params.folder === "profiles");
    expect(avatarUploads).toHaveLength(2);
    for (const sent of avatarUploads) {
      expect(sent.params.public_id).toBe(user.id.replace(/[^a-zA-Z0-9_-]/g, ""));
      expect(["true", "1"]).toContain(sent.params.overwrite);
    }
    expect(second.body.files![0]!.url).toMatch(new RegExp(`/profiles/${user.id}\\.webp$`));
  });

  it("a receipt is checked and cleaned before it is sent: a photo loses its GPS, a hostile PDF never leaves the store", async () => {
    const order = await createTestOrder(t.prisma, { guestToken: "cloud-guest-token-0123456789" });
    const proof = { reference: order.shortOrderId, guestToken: "cloud-guest-token-0123456789" };
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#336699" } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 1234/100", GPSMapDatum: "WGS-84" } })
      .toBuffer();
    const before = cloud.uploads.length;
    const send = (file: { name: string; content: Buffer; type: string }) => fetch(`${t.url}/api/uploads`, { method: "POST", body: uploadForm("receipt", [file], proof) });
    expect((await send({ name: "photo.jpg", content: photo, type: "image/jpeg" })).status).toBe(201);
    const sent = cloud.uploads[before]!;
    expect(sent.params.folder).toBe("receipts");
    expect((await sharp(sent.content).metadata()).exif).toBeUndefined();
    expect(sent.content.toString("latin1")).not.toContain("WGS-84");

    const hostile = Buffer.from("%PDF-1.4\n1 0 obj<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>endobj\n%%EOF\n");
    expect((await send({ name: "receipt.pdf", content: hostile, type: "application/pdf" })).status).toBe(422);
    expect(cloud.uploads).toHaveLength(before + 1);
  });
});
