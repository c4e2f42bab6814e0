// Every uploaded image (product, avatar, receipt) is decoded and re-encoded before it is stored:
// HTML hidden in a GIF/JPEG/PNG polyglot is gone, EXIF (a shopper's home GPS) is stripped after the
// picture is turned upright, and an image too large to decode safely is refused before decoding.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { uploadForm } from "../helpers/images.ts";
import { createTestOrder } from "../helpers/orders.ts";
import { imageSources } from "../../common/images.ts";
import { isLocalReceipt, receiptLinkKey, signReceiptUrl } from "../../server/src/modules/payments/receipt-links.ts";

let t: TestStore;
let admin: GraphQLClient;
let shopper: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
  shopper = t.client();
  await shopper.signUp("photos@example.ng");
});
afterAll(() => t?.close());

const HTML = "<html><body><script>fetch('/graphql',{method:'POST'}).then(r=>r.text()).then(alert)</script></body></html>";

async function upload(client: GraphQLClient | null, form: FormData) {
  const res = await fetch(`${t.url}/api/uploads`, { method: "POST", body: form, headers: client?.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, body: (await res.json()) as { files?: { url: string; mimeType: string; bytes: number }[]; error?: string } };
}

/** Fetches an uploaded file as its owner would: receipts only through a signed link (they are private). */
async function served(url: string): Promise<{ bytes: Buffer; headers: Headers }> {
  const bare = url.replace(/\?.*$/, "");
  const address = isLocalReceipt(bare) ? signReceiptUrl(await receiptLinkKey(t.prisma, t.config.receiptLinkSecret), bare) : bare;
  const res = await fetch(`${t.url}${address}`);
  expect(res.status).toBe(200);
  return { bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#c83c5a" } });

/** Image bytes with an HTML page hidden inside: GIF and PNG with the page appended, JPEG with it in a comment segment. */
async function polyglots(): Promise<{ name: string; type: string; content: Buffer }[]> {
  const gif = await solid(16, 16).gif().toBuffer();
  const png = await solid(16, 16).png().toBuffer();
  const jpeg = await solid(16, 16).jpeg().toBuffer();
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.alloc(2), Buffer.from(HTML)]);
  comment.writeUInt16BE(HTML.length + 2, 2);
  return [
    { name: "gif-html.gif", type: "image/gif", content: Buffer.concat([gif, Buffer.from(HTML)]) },
    { name: "png-html.png", type: "image/png", content: Buffer.concat([png, Buffer.from(HTML)]) },
    { name: "jpeg-html.jpg", type: "image/jpeg", content: Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]) },
  ];
}

function storedFiles(folder: string): string[] {
  const dir = path.join(t.config.uploadDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe("uploaded images are re-encoded", () => {
  it("GIF, PNG and JPEG + HTML polyglots come back as clean images with no trace of the page", async () => {
    const files = await polyglots();
    for (const file of files) {
      // The test files really are polyglots: valid images that carry the page.
      expect((await sharp(file.content).metadata()).width).toBe(16);
      expect(file.content.toString("latin1")).toContain("<script>");
    }
    const product = await upload(admin, uploadForm("product", files.map((f) => ({ name: f.name, content: f.content, type: f.type }))));
    expect(product.status).toBe(201);
    const order = await createTestOrder(t.prisma, { guestToken: "polyglot-guest-token-0123456789" });
    const receipt = await upload(null, uploadForm("receipt", [files[1]!], { reference: order.shortOrderId, guestToken: "polyglot-guest-token-0123456789" }));
    expect(receipt.status).toBe(201);
    const avatar = await upload(shopper, uploadForm("avatar", [files[0]!]));
    expect(avatar.status).toBe(201);

    const results = [...product.body.files!, ...receipt.body.files!, ...avatar.body.files!];
    expect(results.map((f) => f.mimeType)).toEqual(["image/webp", "image/webp", "image/webp", "image/jpeg", "image/webp"]);
    for (const file of results) {
      const { bytes, headers } = await served(file.url);
      const text = bytes.toString("latin1");
      expect(text).not.toMatch(/<html|<script|<body|fetch\(/i);
      expect(headers.get("content-type")).toBe(file.mimeType);
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      const decoded = await sharp(bytes).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual([file.mimeType === "image/jpeg" ? "jpeg" : "webp", 16, 16]);
    }
  });

  it("a JPEG's EXIF (GPS position, description) is stripped after the photo is turned upright", async () => {
    // A 40×20 photo the phone says to rotate 90° (orientation 6), taken at a shopper's home.
    const photo = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { ImageDescription: "Ada's phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 1234/100", GPSMapDatum: "WGS-84" } })
      // Some apps write the position as XMP instead.
      .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,27.2N"/></rdf:RDF></x:xmpmeta>`)
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.toString("latin1")).toContain("WGS-84");
    expect(original.xmp?.toString("latin1")).toContain("6,27.2N");

    const order = await createTestOrder(t.prisma, { guestToken: "gps-guest-token-0123456789" });
    const receipt = await upload(null, uploadForm("receipt", [{ name: "photo.jpg", content: photo, type: "image/jpeg" }], { reference: order.shortOrderId, guestToken: "gps-guest-token-0123456789" }));
    const product = await upload(admin, uploadForm("product", [{ name: "photo.jpg", content: photo, type: "image/jpeg" }]));
    expect([receipt.status, product.status]).toEqual([201, 201]);
    for (const file of [receipt.body.files![0]!, product.body.files![0]!]) {
      const { bytes } = await served(file.url);
      const cleaned = await sharp(bytes).metadata();
      expect({ width: cleaned.width, height: cleaned.height }).toEqual({ width: 20, height: 40 });
      expect(cleaned.exif).toBeUndefined();
      expect(cleaned.xmp).toBeUndefined();
      expect(cleaned.iptc).toBeUndefined();
      expect(cleaned.orientation).toBeUndefined();
      expect(bytes.toString("latin1")).not.toMatch(/WGS-84|Ada's phone|27\.2N/);
    }
  });

  it("a 10,000×10,000 PNG (a few KB, 100 megapixels) is refused with a clear message and nothing is stored", async () => {
    const huge = await solid(10_000, 10_000).png({ compressionLevel: 9, palette: true }).toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const before = storedFiles("product-images");
    const res = await upload(admin, uploadForm("product", [{ name: "huge.png", content: huge }]));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("huge.png is too large (10000×10000 pixels). Please send a picture of at most 40 megapixels.");
    expect(storedFiles("product-images")).toEqual(before);
  });

  it("an image whose header is right but whose content is not is refused as unreadable", async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(HTML)]);
    const res = await upload(admin, uploadForm("product", [{ name: "broken.png", content: broken }]));
    expect(res.status).toBe(415);
    expect(res.body.error).toBe("broken.png could not be read as an image. Please choose another picture.");
  });
});

describe("product photos are stored at each width the store shows", () => {
  it("a 1600×2000 phone JPEG becomes WebP files of 320, 640, 960, 1280 and 1600 px wide, none with EXIF, all named by the srcset", async () => {
    // A real camera-like JPEG: noisy pixels (so sizes are realistic) and a GPS position in EXIF.
    const photo = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .jpeg({ quality: 85 })
      .withExifMerge({ IFD0: { ImageDescription: "Ada's phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 1234/100", GPSMapDatum: "WGS-84" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString("latin1")).toContain("WGS-84");

    const res = await upload(admin, uploadForm("product", [{ name: "dress.jpg", content: photo, type: "image/jpeg" }]));
    expect(res.status).toBe(201);
    const url = res.body.files![0]!.url;
    expect(url).toMatch(/^\/uploads\/product-images\/[a-f0-9]{24}\.1600w\.webp$/);

    const { srcSet } = imageSources(url, 400);
    const entries = srcSet!.split(", ").map((entry) => entry.split(" ") as [string, string]);
    expect(entries.map(([, descriptor]) => descriptor)).toEqual(["320w", "640w", "960w", "1280w", "1600w"]);
    const sizes: number[] = [];
    for (const [address, descriptor] of entries) {
      const { bytes, headers } = await served(address);
      expect(headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(bytes).metadata();
      const width = parseInt(descriptor, 10);
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width * 1.25]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.toString("latin1")).not.toMatch(/WGS-84|Ada's phone/);
      sizes.push(bytes.length);
    }
    // Each width is smaller than the next: a phone card slot really costs less.
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(sizes[0]! * 4).toBeLessThan(sizes[sizes.length - 1]!);
  });

  it("a picture narrower than a width is not enlarged: only smaller widths are stored", async () => {
    const res = await upload(admin, uploadForm("product", [{ name: "small.png", content: await solid(700, 900).png().toBuffer(), type: "image/png" }]));
    expect(res.status).toBe(201);
    const url = res.body.files![0]!.url;
    expect(url).toMatch(/\.700w\.webp$/);
    const id = /([a-f0-9]{24})\.700w\.webp$/.exec(url)![1]!;
    expect(storedFiles("product-images").filter((name) => name.startsWith(id)).sort()).toEqual([`${id}.320w.webp`, `${id}.640w.webp`, `${id}.700w.webp`]);
  });

  it("Save-Data: on gets a width about half the one asked for, at the same address; caches keep the two apart", async () => {
    const res = await upload(admin, uploadForm("product", [{ name: "coat.png", content: await solid(1400, 1750).png().toBuffer(), type: "image/png" }]));
    const large = res.body.files![0]!.url.replace(".1400w.", ".1280w.");
    const normal = await fetch(`${t.url}${large}`);
    const saving = await fetch(`${t.url}${large}`, { headers: { "Save-Data": "on" } });
    expect((await sharp(Buffer.from(await normal.arrayBuffer())).metadata()).width).toBe(1280);
    expect((await sharp(Buffer.from(await saving.arrayBuffer())).metadata()).width).toBe(640);
    for (const answer of [normal, saving]) expect(answer.headers.get("vary")).toMatch(/Save-Data/i);
    // The smallest width has nothing smaller to give.
    const smallest = await fetch(`${t.url}${res.body.files![0]!.url.replace(".1400w.", ".320w.")}`, { headers: { "Save-Data": "on" } });
    expect((await sharp(Buffer.from(await smallest.arrayBuffer())).metadata()).width).toBe(320);
  });

  it("avatars and receipts are stored once, with no renditions", async () => {
    const avatar = await upload(shopper, uploadForm("avatar", [{ name: "me.png", content: await solid(900, 900).png().toBuffer(), type: "image/png" }]));
    expect(avatar.status).toBe(201);
    expect(avatar.body.files![0]!.url).toMatch(/^\/uploads\/profiles\/[^.]+\.webp\?v=\d+$/);
    expect(storedFiles("profiles").filter((name) => /\d+w\.webp$/.test(name))).toEqual([]);
  });
});
