// Transfer receipts with CLOUDINARY_URL set (issue 26 item 5, decision 031): kept at Cloudinary as
// `authenticated` assets, opened only through the store's own 15-minute signed link, which fetches
// the file from Cloudinary's signed download API and answers `Cache-Control: private, no-store`.
// Cloudinary is a local fake following its published API (tests/mocks/cloudinary-server.ts): it
// checks signatures and expiry, and delivers only public `upload` assets on its "CDN".
import sharp from "sharp";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { startFakeCloudinary, cloudinarySignature, type FakeCloudinary } from "../mocks/cloudinary-server.ts";
import { createTestOrder, signedInCustomer } from "../helpers/orders.ts";
import { PDF_DOC, uploadForm } from "../helpers/images.ts";
import { pngImage, upload as uploadFiles } from "./uploads-admin-files.ts";
import { receiptLinkKey, signReceiptUrl, RECEIPT_LINK_SECONDS } from "../../server/src/modules/payments/receipt-links.ts";
import { protectPublicReceipts } from "../../server/src/modules/payments/protect-receipts.ts";
import { cloudinaryStorage } from "../../server/src/storage/cloudinary.ts";

const CLOUD = "thrift-demo";
let t: TestStore;
let cloud: FakeCloudinary;
let admin: GraphQLClient;
let owner: { client: GraphQLClient; userId: string };
let stranger: { client: GraphQLClient; userId: string };
beforeAll(async () => {
  cloud = await startFakeCloudinary();
  const cloudinaryUrl = `cloudinary://${cloud.apiKey}:${cloud.apiSecret}@${CLOUD}?upload_prefix=${cloud.url}`;
  process.env.CLOUDINARY_URL = cloudinaryUrl;
  t = await startTestStore({ seed: false, env: { CLOUDINARY_URL: cloudinaryUrl } });
  admin = await t.admin();
  [owner, stranger] = [await signedInCustomer(t), await signedInCustomer(t)];
});
afterAll(async () => {
  await t?.close();
  await cloud?.close();
  delete process.env.CLOUDINARY_URL;
});

const SUBMIT = `mutation($input: SubmitReceiptInput!) { submitPaymentReceipt(input: $input) { __typename ... on Error { message } } }`;
const OWNER_RECEIPTS = `query($r: String!) { trackOrder(reference: $r) { receipts { fileUrl } } }`;
const STORED_PATH = /^\/uploads\/receipts\/cloudinary\/authenticated\/([a-f0-9]{40})\.(jpg|pdf)$/;

const photo = () => sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6f4e" } }).jpeg().toBuffer();

async function uploadReceipt(reference: string, file: { name: string; content: Buffer; type?: string }, cookie = owner.client.cookie) {
  const res = await fetch(`${t.url}/api/uploads`, { method: "POST", body: uploadForm("receipt", [file], { reference }), headers: cookie ? { cookie } : {} });
  return { status: res.status, text: await res.text() };
}

/** What the store did until 2026-11-26: an `upload`-type (public) asset in the receipts folder, whose URL it stored. */
async function publicReceiptAtCloudinary(name: string, content: Buffer) {
  const params = { folder: "receipts", public_id: name, timestamp: String(Math.floor(Date.now() / 1000)) };
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...params, api_key: cloud.apiKey, signature: cloudinarySignature(params, cloud.apiSecret) })) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(content)]), "old.jpg");
  const legacy = (await (await fetch(`${cloud.url}/v1_1/${CLOUD}/image/upload`, { method: "POST", body: form })).json()) as { secure_url: string; type: string };
  expect(legacy).toMatchObject({ type: "upload", secure_url: expect.stringMatching(new RegExp(`^https://res\\.cloudinary\\.com/thrift-demo/image/upload/v\\d+/receipts/${name}\\.jpg$`)) });
  return legacy;
}

/** An order of the owner with a receipt uploaded and submitted; its stored path and the links handed out. */
async function submittedReceipt(file: { name: string; content: Buffer; type?: string }) {
  const order = await createTestOrder(t.prisma, { userId: owner.userId });
  const uploaded = await uploadReceipt(order.shortOrderId, file);
  expect(uploaded.status).toBe(201);
  const path: string = JSON.parse(uploaded.text).files[0].url;
  const submitted = await owner.client.data(SUBMIT, { input: { orderId: order.id, fileUrl: path, senderName: "Ada Obi", senderBank: "Access Bank" } });
  expect(submitted.submitPaymentReceipt.__typename).toBe("MutationSubmitPaymentReceiptSuccess");
  return { order, path, uploadAnswer: uploaded.text, ...(await linksFor(order)) };
}

async function linksFor(order: { id: string; shortOrderId: string }) {
  const ownerLink: string = (await owner.client.data(OWNER_RECEIPTS, { r: order.shortOrderId })).trackOrder.receipts[0].fileUrl;
  const queue = (await admin.data(`{ paymentsQueue { id receipts { fileUrl } } }`)).paymentsQueue as { id: string; receipts: { fileUrl: string }[] }[];
  const adminLink = queue.find((o) => o.id === order.id)!.receipts[0]!.fileUrl;
  return { ownerLink, adminLink };
}

describe("receipts on Cloudinary", () => {
  it("a receipt the owner uploads is kept as an authenticated asset: it has no public URL, and nothing of Cloudinary's is stored or handed out", async () => {
    const content = await photo();
    const { path, uploadAnswer, ownerLink, adminLink } = await submittedReceipt({ name: "transfer.jpg", content, type: "image/jpeg" });
    const [, name, format] = STORED_PATH.exec(path) ?? [];
    expect({ path, name, format }).toEqual({ path, name: expect.any(String), format: "jpg" });

    const sent = cloud.uploads.find((u) => u.publicId === `receipts/${name}`)!;
    expect(sent.params).toMatchObject({ folder: "receipts", type: "authenticated" });
    expect(cloud.assets.get(`authenticated:receipts/${name}`)?.content.equals(sent.content)).toBe(true);
    expect(cloud.assets.has(`upload:receipts/${name}`)).toBe(false);
    // Cloudinary's answer held a delivery URL (signed, never expiring): it goes nowhere.
    expect(sent.secureUrl).toContain("/image/authenticated/");
    const stored = await t.prisma.paymentReceipt.findFirstOrThrow({ where: { fileUrl: path } });
    for (const seen of [uploadAnswer, stored.fileUrl, ownerLink, adminLink]) expect(seen).not.toMatch(/cloudinary\.com|s--|test-key/);

    // At the CDN: no public original, no public transformation, nothing under the authenticated type unsigned.
    const version = /\/v(\d+)\//.exec(sent.secureUrl)![1];
    for (const raw of [
      `/${CLOUD}/image/upload/receipts/${name}.jpg`,
      `/${CLOUD}/image/upload/v${version}/receipts/${name}.jpg`,
      `/${CLOUD}/image/upload/w_600,c_limit,f_auto,q_auto/receipts/${name}.jpg`,
      `/${CLOUD}/image/authenticated/receipts/${name}.jpg`,
      `/${CLOUD}/image/authenticated/w_600/v${version}/receipts/${name}.jpg`,
    ]) {
      const res = await fetch(`${cloud.url}${raw}`);
      expect([raw, res.status]).toEqual([raw, raw.includes("/upload/") ? 404 : 401]);
      expect(res.headers.get("content-type")).toBe("application/json");
    }
  });

  it("the owner and an admin get a 15-minute link to the store that opens the receipt, never cached, never a redirect", async () => {
    const content = await photo();
    const { path, ownerLink, adminLink } = await submittedReceipt({ name: "transfer.jpg", content, type: "image/jpeg" });
    const name = STORED_PATH.exec(path)![1];
    const kept = cloud.assets.get(`authenticated:receipts/${name}`)!.content;
    for (const link of [ownerLink, adminLink]) {
      const { searchParams } = new URL(link, t.url);
      expect(link.startsWith(`${path}?expires=`)).toBe(true);
      expect(Number(searchParams.get("expires")) - Date.now() / 1000).toBeGreaterThan(RECEIPT_LINK_SECONDS - 60);
      expect(Number(searchParams.get("expires")) - Date.now() / 1000).toBeLessThanOrEqual(RECEIPT_LINK_SECONDS);
      const downloadsBefore = cloud.downloads.length;
      const res = await fetch(`${t.url}${link}`, { redirect: "manual" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("location")).toBeNull();
      expect(Buffer.from(await res.arrayBuffer()).equals(kept)).toBe(true);
      // Fetched through Cloudinary's signed download API, with a download URL good for a minute.
      const fetched = cloud.downloads.slice(downloadsBefore);
      expect(fetched).toHaveLength(1);
      expect(fetched[0]).toMatchObject({ status: 200, params: { public_id: `receipts/${name}`, type: "authenticated", format: "jpg" } });
      expect(Number(fetched[0]!.params.expires_at) - Date.now() / 1000).toBeLessThanOrEqual(60);
    }
  });

  it("anonymous, another shopper, a tampered, moved or expired link: 403 with no bytes, and nothing asked of Cloudinary", async () => {
    const { order, path, ownerLink } = await submittedReceipt({ name: "transfer.jpg", content: await photo(), type: "image/jpeg" });
    const name = STORED_PATH.exec(path)![1]!;
    expect((await stranger.client.data(OWNER_RECEIPTS, { r: order.shortOrderId })).trackOrder.receipts).toEqual([]);
    expect((await t.client().data(OWNER_RECEIPTS, { r: order.shortOrderId })).trackOrder.receipts).toEqual([]);

    const query = new URL(ownerLink, t.url).searchParams;
    const [expires, signature] = [query.get("expires")!, query.get("signature")!];
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const key = await receiptLinkKey(t.prisma, t.config.receiptLinkSecret);
    const expired = signReceiptUrl(key, path, Date.now() - (RECEIPT_LINK_SECONDS + 60) * 1000);
    const attempts: [string, string, string | null][] = [
      ["anonymous, bare path", path, null],
      ["another shopper, bare path", path, stranger.client.cookie],
      ["the owner, bare path", path, owner.client.cookie],
      ["tampered signature", `${path}?expires=${expires}&signature=${flipped}`, null],
      ["expiry moved later", `${path}?expires=${Number(expires) + 3600}&signature=${signature}`, null],
      ["expired", expired, owner.client.cookie],
      ["signature moved to another file", `${path.replace(name, "0".repeat(24))}?expires=${expires}&signature=${signature}`, null],
      ["signature moved to the public type", `${path.replace("/authenticated/", "/upload/")}?expires=${expires}&signature=${signature}`, null],
    ];
    const downloadsBefore = cloud.downloads.length;
    for (const [what, link, cookie] of attempts) {
      const res = await fetch(`${t.url}${link}`, { headers: cookie ? { cookie } : {} });
      const body = Buffer.from(await res.arrayBuffer());
      expect({ what, status: res.status, cache: res.headers.get("cache-control"), type: res.headers.get("content-type") }).toEqual({
        what,
        status: 403,
        cache: "private, no-store",
        type: "text/plain; charset=utf-8",
      });
      expect(body.toString("utf8")).toBe("This receipt link has expired or is not yours. Open the order again to see it.");
    }
    expect(cloud.downloads.length).toBe(downloadsBefore);

    // A properly signed link to a receipt Cloudinary does not have: 404, nothing passed on.
    const missing = signReceiptUrl(key, `/uploads/receipts/cloudinary/authenticated/${"f".repeat(24)}.jpg`);
    const res = await fetch(`${t.url}${missing}`);
    expect([res.status, res.headers.get("cache-control"), await res.text()]).toEqual([404, "private, no-store", "Not found"]);
  });

  it("a PDF receipt is kept authenticated too and opens as a sandboxed download", async () => {
    const { path, ownerLink } = await submittedReceipt({ name: "receipt.pdf", content: PDF_DOC, type: "application/pdf" });
    const name = STORED_PATH.exec(path)![1];
    expect(path.endsWith(".pdf")).toBe(true);
    expect(cloud.assets.get(`authenticated:receipts/${name}`)?.format).toBe("pdf");
    const res = await fetch(`${t.url}${ownerLink}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe("attachment");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF_DOC)).toBe(true);
  });

  /** A receipt row as the store wrote it before 2026-11-26: its public Cloudinary URL. */
  const storedBefore = async (orderId: string, fileUrl: string) => {
    await t.prisma.paymentReceipt.create({ data: { orderId, fileUrl, mimeType: "image/jpeg", senderName: "Ada Obi", senderBank: "GTBank" } });
    await t.prisma.order.update({ where: { id: orderId }, data: { paymentStatus: "under_review" } });
  };

  it("a receipt stored public before 2026-11-26 opens for the owner and an admin only through the same signed store route", async () => {
    const legacyName = "a1b2c3d4e5f6a7b8c9d0e1f2";
    const content = await photo();
    const legacy = await publicReceiptAtCloudinary(legacyName, content);
    const order = await createTestOrder(t.prisma, { userId: owner.userId });
    // Stored as it was then (a new submission must name a file uploaded for its order since 28 Nov 2026).
    await storedBefore(order.id, legacy.secure_url);
    const { ownerLink, adminLink } = await linksFor(order);
    const route = `/uploads/receipts/cloudinary/upload/${legacyName}.jpg`;
    for (const link of [ownerLink, adminLink]) {
      expect(link.startsWith(`${route}?expires=`)).toBe(true);
      const res = await fetch(`${t.url}${link}`);
      expect([res.status, res.headers.get("cache-control"), res.headers.get("content-type")]).toEqual([200, "private, no-store", "image/jpeg"]);
      expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    }
    expect(cloud.downloads.at(-1)).toMatchObject({ status: 200, params: { public_id: `receipts/${legacyName}`, type: "upload" } });
    const bare = await fetch(`${t.url}${route}`);
    expect([bare.status, bare.headers.get("cache-control")]).toEqual([403, "private, no-store"]);
  });

  it("the one-off command makes receipts stored public authenticated: their public URL is gone, the store's links still open them", async () => {
    const name = "b2c3d4e5f6a7b8c9d0e1f2a3";
    const content = await photo();
    const legacy = await publicReceiptAtCloudinary(name, content);
    const order = await createTestOrder(t.prisma, { userId: owner.userId });
    await storedBefore(order.id, legacy.secure_url);
    const publicUrl = legacy.secure_url.replace("https://res.cloudinary.com", cloud.url);
    expect((await fetch(publicUrl)).status).toBe(200);
    // Another one already moved at Cloudinary by a run that stopped before updating its row.
    const halfDone = "c3d4e5f6a7b8c9d0e1f2a3b4";
    const halfDoneOrder = await createTestOrder(t.prisma, { userId: owner.userId });
    await storedBefore(halfDoneOrder.id, (await publicReceiptAtCloudinary(halfDone, content)).secure_url);
    const params = { from_public_id: `receipts/${halfDone}`, to_public_id: `receipts/${halfDone}`, to_type: "authenticated", timestamp: String(Math.floor(Date.now() / 1000)) };
    const moved = await fetch(`${cloud.url}/v1_1/${CLOUD}/image/rename`, { method: "POST", body: new URLSearchParams({ ...params, api_key: cloud.apiKey, signature: cloudinarySignature(params, cloud.apiSecret) }) });
    expect(moved.status).toBe(200);
    const stillPublic = await t.prisma.paymentReceipt.count({ where: { fileUrl: { startsWith: "https://res.cloudinary.com/" } } });

    const storage = await cloudinaryStorage(process.env.CLOUDINARY_URL!);
    expect(await protectPublicReceipts(t.prisma, storage)).toEqual({ protected: stillPublic, failed: [] });
    const row = await t.prisma.paymentReceipt.findFirstOrThrow({ where: { orderId: order.id } });
    expect(row.fileUrl).toBe(`/uploads/receipts/cloudinary/authenticated/${name}.jpg`);
    expect((await t.prisma.paymentReceipt.findFirstOrThrow({ where: { orderId: halfDoneOrder.id } })).fileUrl).toBe(`/uploads/receipts/cloudinary/authenticated/${halfDone}.jpg`);
    expect(cloud.renamed.at(-1)!.params).toMatchObject({ from_public_id: `receipts/${name}`, to_public_id: `receipts/${name}`, type: "upload", to_type: "authenticated" });
    expect(["true", "1"]).toContain(cloud.renamed.at(-1)!.params.invalidate);
    expect(cloud.assets.has(`upload:receipts/${name}`)).toBe(false);
    expect((await fetch(publicUrl)).status).toBe(404);

    const { ownerLink, adminLink } = await linksFor(order);
    for (const link of [ownerLink, adminLink]) {
      expect(link.startsWith(`${row.fileUrl}?expires=`)).toBe(true);
      const res = await fetch(`${t.url}${link}`);
      expect([res.status, res.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
      expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    }
    // Run again: nothing left to move.
    expect(await protectPublicReceipts(t.prisma, storage)).toEqual({ protected: 0, failed: [] });
  });

  it("product pictures and avatars stay public upload-type assets, delivered with the CDN's long cache lifetime", async () => {
    const product = await uploadFiles(t.url, admin.cookie, "product", [{ name: "front.png", type: "image/png", data: pngImage(8, 8) }]);
    const avatar = await uploadFiles(t.url, owner.client.cookie, "avatar", [{ name: "me.png", type: "image/png", data: pngImage(4, 4) }]);
    expect([product.status, avatar.status]).toEqual([201, 201]);
    for (const url of [product.body.files![0]!.url, avatar.body.files![0]!.url]) {
      expect(url).toMatch(/^https:\/\/res\.cloudinary\.com\/thrift-demo\/image\/upload\/v\d+\/(product-images|profiles)\/[A-Za-z0-9_-]+\.webp$/);
      const sent = cloud.uploads.find((u) => u.secureUrl === url)!;
      expect(sent.params.type ?? "upload").toBe("upload");
      expect(cloud.assets.get(`upload:${sent.publicId}`)).toBeDefined();
      for (const delivered of [url, url.replace("/image/upload/", "/image/upload/w_320,c_limit,f_auto,q_auto/")]) {
        const res = await fetch(delivered.replace("https://res.cloudinary.com", cloud.url));
        expect([res.status, res.headers.get("cache-control")]).toEqual([200, "public, max-age=2592000"]);
      }
    }
  });

  it("the fake, like Cloudinary, refuses an unsigned, wrongly signed or expired download of a receipt, and a forged upload", async () => {
    const { path } = await submittedReceipt({ name: "transfer.jpg", content: await photo(), type: "image/jpeg" });
    const name = STORED_PATH.exec(path)![1];
    const { v2: cloudinary } = await import("cloudinary");
    const credentials = { api_key: cloud.apiKey, api_secret: cloud.apiSecret, cloud_name: CLOUD, upload_prefix: cloud.url };
    const downloadUrl = (expiresAt: number, apiSecret = cloud.apiSecret) =>
      cloudinary.utils.private_download_url(`receipts/${name}`, "jpg", { resource_type: "image", type: "authenticated", expires_at: expiresAt, ...credentials, api_secret: apiSecret } as never);
    const now = Math.floor(Date.now() / 1000);
    const valid = new URL(downloadUrl(now + 60));
    const unsigned = new URL(valid);
    unsigned.searchParams.delete("signature");
    const asUpload = new URL(valid);
    asUpload.searchParams.set("type", "upload");
    const cases: [string, string, number][] = [
      ["signed, in time", valid.href, 200],
      ["unsigned", unsigned.href, 401],
      ["signed with another secret", downloadUrl(now + 60, "not-the-secret"), 401],
      ["expired", downloadUrl(now - 1), 401],
      ["type changed after signing", asUpload.href, 401],
    ];
    for (const [what, url, status] of cases) expect([what, (await fetch(url)).status]).toEqual([what, status]);

    const params = { folder: "receipts", public_id: "forged0000000000", timestamp: String(now) };
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...params, api_key: cloud.apiKey, signature: cloudinarySignature(params, "not-the-secret") })) form.append(k, v);
    form.append("file", new Blob([new Uint8Array(await photo())]), "x.jpg");
    expect((await fetch(`${cloud.url}/v1_1/${CLOUD}/image/upload`, { method: "POST", body: form })).status).toBe(401);
  });
});
