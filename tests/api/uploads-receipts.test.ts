// Receipt uploads: only for an order the sender may pay for (signed-in owner, the browser's guest
// token, or reference + phone), so nobody can host files on the store's domain; PDFs carrying
// anything active or an HTML page are refused; the PDFs kept are always a sandboxed download.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { PDF_DOC, PNG_1PX, uploadForm } from "../helpers/images.ts";
import { createTestOrder, signedInCustomer } from "../helpers/orders.ts";
import { receiptLinkKey, signReceiptUrl } from "../../server/src/modules/payments/receipt-links.ts";

let t: TestStore;
let owner: { client: GraphQLClient; userId: string };
let stranger: { client: GraphQLClient; userId: string };
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  [owner, stranger] = [await signedInCustomer(t), await signedInCustomer(t)];
});
afterAll(() => t?.close());

const GUEST_TOKEN = "guest-token-for-receipts-0123456789";
const PHONE = "+2348031234567";

async function upload(form: FormData, cookie: string | null = null) {
  const res = await fetch(`${t.url}/api/uploads`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as { files?: { url: string; mimeType: string; bytes: number }[]; error?: string } };
}

function storedReceipts(): string[] {
  const dir = path.join(t.config.uploadDir, "receipts");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const png = { name: "receipt.png", content: PNG_1PX };
const pdf = (content: Buffer | string, name = "receipt.pdf") => ({ name, content: Buffer.from(content), type: "application/pdf" });

describe("who may upload a receipt", () => {
  it("nobody can upload without naming an order they may pay for: 404 and nothing stored", async () => {
    const signedInOrder = await createTestOrder(t.prisma, { userId: owner.userId, phone: PHONE });
    const guestOrder = await createTestOrder(t.prisma, { guestToken: GUEST_TOKEN, phone: PHONE });
    const before = storedReceipts();
    const attempts: [string, FormData, string | null][] = [
      ["no order", uploadForm("receipt", [png]), null],
      ["no order, signed in", uploadForm("receipt", [png]), owner.client.cookie],
      ["unknown reference", uploadForm("receipt", [png], { reference: "ZZZZ9999ZZ", phone: PHONE }), null],
      ["someone else's order, signed in", uploadForm("receipt", [png], { reference: signedInOrder.shortOrderId }), stranger.client.cookie],
      ["someone else's order, anonymous", uploadForm("receipt", [png], { reference: signedInOrder.shortOrderId }), null],
      ["a guest order without its token", uploadForm("receipt", [png], { reference: guestOrder.shortOrderId }), null],
      ["a guest order with a wrong token", uploadForm("receipt", [png], { reference: guestOrder.shortOrderId, guestToken: "a-wrong-token-0123456789" }), null],
      ["a wrong phone", uploadForm("receipt", [png], { reference: guestOrder.shortOrderId, phone: "0809 999 9999" }), null],
      ["a token of another order", uploadForm("receipt", [png], { reference: signedInOrder.shortOrderId, guestToken: GUEST_TOKEN }), null],
      // A PDF that would be accepted for the right order is refused before it is even looked at.
      ["a stranger's PDF", uploadForm("receipt", [pdf(PDF_DOC)], { reference: signedInOrder.shortOrderId }), stranger.client.cookie],
    ];
    for (const [what, form, cookie] of attempts) {
      const res = await upload(form, cookie);
      expect({ what, status: res.status, body: res.body }).toEqual({ what, status: 404, body: { error: "Order not found" } });
    }
    expect(storedReceipts()).toEqual(before);
  });

  it("the signed-in owner, the browser holding the guest token, and anyone with reference + phone may", async () => {
    const signedInOrder = await createTestOrder(t.prisma, { userId: owner.userId, phone: PHONE });
    const guestOrder = await createTestOrder(t.prisma, { guestToken: GUEST_TOKEN, phone: PHONE });
    const accepted: [string, FormData, string | null][] = [
      ["signed-in owner", uploadForm("receipt", [png], { reference: signedInOrder.shortOrderId }), owner.client.cookie],
      ["guest token", uploadForm("receipt", [png], { reference: guestOrder.shortOrderId, guestToken: GUEST_TOKEN }), null],
      // The reference as a shopper types it, and the phone in local form.
      ["reference + phone", uploadForm("receipt", [png], { reference: guestOrder.shortOrderId.toLowerCase(), phone: "0803 123 4567" }), null],
      ["owner on another device, with the phone", uploadForm("receipt", [png], { reference: signedInOrder.shortOrderId, phone: PHONE }), null],
    ];
    for (const [what, form, cookie] of accepted) {
      const before = storedReceipts().length;
      const res = await upload(form, cookie);
      expect({ what, status: res.status }).toEqual({ what, status: 201 });
      // Receipts are stored as JPEG (admins open and forward them).
      expect(res.body.files![0]).toMatchObject({ mimeType: "image/jpeg", url: expect.stringMatching(/^\/uploads\/receipts\/[a-f0-9]+\.jpg$/) });
      expect(storedReceipts()).toHaveLength(before + 1);
    }
  });

  it("no receipt for an order that is already paid: 409 with the reason, nothing stored", async () => {
    const order = await createTestOrder(t.prisma, { userId: owner.userId });
    await t.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "paid", paidAt: new Date() } });
    const before = storedReceipts();
    const res = await upload(uploadForm("receipt", [png], { reference: order.shortOrderId }), owner.client.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already paid/i);
    expect(storedReceipts()).toEqual(before);
  });
});

describe("PDF receipts", () => {
  let reference: string;
  beforeAll(async () => {
    reference = (await createTestOrder(t.prisma, { guestToken: GUEST_TOKEN })).shortOrderId;
  });
  const sendPdf = (content: Buffer | string) => upload(uploadForm("receipt", [pdf(content)], { reference, guestToken: GUEST_TOKEN }));

  const ACTIVE = "This PDF contains scripts, actions or attached files, which we cannot accept. Please send a screenshot or photo of the receipt instead.";
  const objectStream = (body: string) => {
    const data = zlib.deflateSync(Buffer.from(body));
    return Buffer.concat([Buffer.from(`%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`), data, Buffer.from("\nendstream\nendobj\n%%EOF\n")]);
  };

  it("refuses active content, however it is spelled or hidden", async () => {
    const before = storedReceipts();
    const hostile: [string, Buffer | string][] = [
      ["OpenAction + JavaScript", "%PDF-1.4\n1 0 obj<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n"],
      ["hex-escaped names", "%PDF-1.4\n1 0 obj<< /Type /Catalog /Open#41ction << /S /J#61vaScript /J#53 (app.alert(1)) >> >>endobj\n%%EOF\n"],
      ["additional actions", "%PDF-1.4\n1 0 obj<< /Type /Page /AA << /O 2 0 R >> >>endobj\n%%EOF\n"],
      ["launch", "%PDF-1.4\n1 0 obj<< /S /Launch /F (cmd.exe) >>endobj\n%%EOF\n"],
      ["embedded file", "%PDF-1.4\n1 0 obj<< /Type /EmbeddedFile >>stream\nMZ\nendstream endobj\n%%EOF\n"],
      ["rich media", "%PDF-1.4\n1 0 obj<</Type/RichMedia>>endobj\n%%EOF\n"],
      ["XFA form", "%PDF-1.4\n1 0 obj<< /AcroForm << /XFA 2 0 R >> >>endobj\n%%EOF\n"],
      ["an action inside a compressed object stream", objectStream("1 0 << /Type /Catalog /OpenAction 2 0 R >>")],
    ];
    for (const [what, content] of hostile) {
      const res = await sendPdf(content);
      expect({ what, status: res.status, error: res.body.error }).toEqual({ what, status: 422, error: ACTIVE });
    }
    expect(storedReceipts()).toEqual(before);
  });

  it("refuses %PDF- followed by a web page, and a file that only claims to be a PDF", async () => {
    const before = storedReceipts();
    const html = await sendPdf("%PDF-1.4\n<html><body><script>fetch('/graphql')</script></body></html>\n");
    expect(html.status).toBe(422);
    expect(html.body.error).toBe("This PDF contains web page code, which we cannot accept. Please send a screenshot or photo of the receipt instead.");
    const script = await sendPdf("%PDF-1.4\n1 0 obj<<>>endobj\n<SCRIPT src=//evil.example/x.js></SCRIPT>\n%%EOF\n");
    expect(script.status).toBe(422);
    const notPdf = await upload(uploadForm("receipt", [pdf("<html><script>alert(1)</script></html>")], { reference, guestToken: GUEST_TOKEN }));
    expect(notPdf.status).toBe(415);
    expect(storedReceipts()).toEqual(before);
  });

  it("accepts an ordinary PDF (font subsets like /AAAAAB+Arial are not actions) and serves it as a sandboxed download", async () => {
    const ordinary = objectStream("1 0 << /Type /Font /BaseFont /AAAAAB+Arial /Subtype /TrueType >>");
    const res = await sendPdf(ordinary);
    expect(res.status).toBe(201);
    expect(res.body.files![0]).toMatchObject({ mimeType: "application/pdf", url: expect.stringMatching(/\.pdf$/) });
    const link = signReceiptUrl(await receiptLinkKey(t.prisma, t.config.receiptLinkSecret), res.body.files![0]!.url);
    const served = await fetch(`${t.url}${link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toBe("attachment");
    expect(served.headers.get("content-security-policy")).toBe("sandbox");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(ordinary)).toBe(true);
  });
});
