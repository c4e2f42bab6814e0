import fs from "node:fs";
import path from "node:path";
import { startTestStore, type TestStore, type GraphQLClient } from "../helpers/store.ts";
import { PDF_DOC, PNG_1PX, uploadForm } from "../helpers/images.ts";
import { createTestOrder } from "../helpers/orders.ts";

let t: TestStore;
let admin: GraphQLClient;
let shopper: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
  shopper = t.client();
  await shopper.signUp("uploader@example.ng");
});
afterAll(() => t?.close());

async function upload(client: GraphQLClient | null, form: FormData) {
  const res = await fetch(`${t.url}/api/uploads`, { method: "POST", body: form, headers: client?.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, body: (await res.json()) as { files?: { url: string; mimeType: string; bytes: number }[]; error?: string } };
}

function storedFiles(folder: string): string[] {
  const dir = path.join(t.config.uploadDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe("POST /api/uploads", () => {
  it("an admin uploads several product images and they are served back (re-encoded as WebP)", async () => {
    const { status, body } = await upload(admin, uploadForm("product", [{ name: "a.png", content: PNG_1PX }, { name: "b.png", content: PNG_1PX }]));
    expect(status).toBe(201);
    expect(body.files).toHaveLength(2);
    expect(body.files![0]!.mimeType).toBe("image/webp");
    const served = await fetch(`${t.url}${body.files![0]!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.length).toBe(body.files![0]!.bytes);
  });

  it("refuses product images from guests and customers", async () => {
    expect((await upload(null, uploadForm("product", [{ name: "a.png", content: PNG_1PX }]))).status).toBe(401);
    const customer = await upload(shopper, uploadForm("product", [{ name: "a.png", content: PNG_1PX }]));
    expect(customer.status).toBe(403);
    expect(customer.body.error).toBe("Only staff and admins can upload product images");
  });

  it("rejects a renamed non-image file and stores nothing from that batch", async () => {
    const before = storedFiles("product-images").length;
    const fake = Buffer.from("MZ this is really an executable");
    const { status, body } = await upload(admin, uploadForm("product", [{ name: "ok.png", content: PNG_1PX }, { name: "photo.jpg", content: fake, type: "image/jpeg" }]));
    expect(status).toBe(415);
    expect(body.error).toBe("photo.jpg: Only image files (JPEG, PNG, WebP, GIF) can be uploaded");
    expect(storedFiles("product-images").length).toBe(before);
  });

  it("rejects a file over 5 MB and stores nothing", async () => {
    const before = storedFiles("product-images").length;
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const { status, body } = await upload(admin, uploadForm("product", [{ name: "big.png", content: big }]));
    expect(status).toBe(413);
    expect(body.error).toBe("big.png is larger than 5 MB");
    expect(storedFiles("product-images").length).toBe(before);
  });

  it("an avatar is stored once per user: a new one replaces the old", async () => {
    const first = await upload(shopper, uploadForm("avatar", [{ name: "me.png", content: PNG_1PX }]));
    const second = await upload(shopper, uploadForm("avatar", [{ name: "me2.png", content: PNG_1PX }]));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(storedFiles("profiles")).toHaveLength(1);
    expect((await upload(null, uploadForm("avatar", [{ name: "me.png", content: PNG_1PX }]))).status).toBe(401);
  });

  it("a receipt may be a PDF but a PDF is not an avatar", async () => {
    const order = await createTestOrder(t.prisma, { guestToken: "uploads-test-guest-token-1" });
    const receipt = await upload(
      null,
      uploadForm("receipt", [{ name: "receipt.pdf", content: PDF_DOC, type: "application/pdf" }], { reference: order.shortOrderId, guestToken: "uploads-test-guest-token-1" }),
    );
    expect(receipt.status).toBe(201);
    expect(receipt.body.files![0]!.mimeType).toBe("application/pdf");
    const avatar = await upload(shopper, uploadForm("avatar", [{ name: "me.pdf", content: PDF_DOC, type: "application/pdf" }]));
    expect(avatar.status).toBe(415);
  });

  it("asks for a purpose", async () => {
    const { status, body } = await upload(admin, uploadForm("banner", [{ name: "a.png", content: PNG_1PX }]));
    expect(status).toBe(400);
    expect(body.error).toBe("purpose must be product, avatar, receipt or claim");
  });
});
