// Product image uploads by admins (local disk storage): images only, by content; size-limited;
// a bad batch stores nothing.
import fs from "node:fs";
import path from "node:path";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { pngImage, upload } from "./uploads-admin-files.ts";

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
});
afterAll(() => t?.close());

const productDir = () => path.join(t.config.uploadDir, "product-images");
const storedFiles = () => (fs.existsSync(productDir()) ? fs.readdirSync(productDir()) : []);

describe("product image uploads", () => {
  it("an admin uploads several images at once and each is served back, re-encoded as WebP", async () => {
    const res = await upload(t.url, admin.cookie, "product", [
      { name: "front.png", type: "image/png", data: pngImage(8, 8) },
      { name: "back.png", type: "image/png", data: pngImage(6, 6, [10, 20, 30]) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.files).toHaveLength(2);
    for (const file of res.body.files!) {
      expect(file.url).toMatch(/^\/uploads\/product-images\/[a-f0-9]+\.\d+w\.webp$/);
      const served = await fetch(`${t.url}${file.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("rejects a renamed non-image file and stores nothing from the batch", async () => {
    const before = storedFiles();
    const res = await upload(t.url, admin.cookie, "product", [
      { name: "good.png", type: "image/png", data: pngImage() },
      { name: "invoice.jpg", type: "image/jpeg", data: Buffer.from("MZ this is really an executable, not a photo") },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.error).toBe("invoice.jpg: Only image files (JPEG, PNG, WebP, GIF) can be uploaded");
    expect(storedFiles()).toEqual(before);
  });

  it("rejects a file over 5 MB and stores nothing", async () => {
    const before = storedFiles();
    const big = Buffer.concat([pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(t.url, admin.cookie, "product", [{ name: "huge.png", type: "image/png", data: big }]);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("huge.png is larger than 5 MB");
    expect(storedFiles()).toEqual(before);
  });

  it("refuses product uploads from customers and guests", async () => {
    const before = storedFiles();
    const customer = t.client();
    await customer.signUp("uploader@example.com");
    const asCustomer = await upload(t.url, customer.cookie, "product", [{ name: "a.png", type: "image/png", data: pngImage() }]);
    expect(asCustomer.status).toBe(403);
    const asGuest = await upload(t.url, null, "product", [{ name: "a.png", type: "image/png", data: pngImage() }]);
    expect(asGuest.status).toBe(401);
    expect(storedFiles()).toEqual(before);
  });
});
