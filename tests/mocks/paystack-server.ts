// A fake Paystack on a local port, following Paystack's published API (https://paystack.com/docs/api)
// for what the store uses: POST /charge (Pay with Transfer: a one-time account, status
// pending_bank_transfer), POST /transaction/initialize (a hosted checkout page here that "pays" and
// sends the shopper to callback_url?trxref=…&reference=…), GET /transaction/verify/:reference, and
// charge.success webhooks signed like Paystack's (x-paystack-signature: hex HMAC-SHA512 of the raw
// body with the secret key). Refunds (https://paystack.com/docs/payments/refunds/): POST /refund
// {transaction, amount, merchant_note} queues one (status pending; refused above what the transaction
// has left), GET /refund/:id fetches it, GET /refund lists them newest first (from, to, perPage, page;
// items with transaction_reference and merchant_note, as in Paystack's OpenAPI RefundListResponse), and settleRefund() makes it processed or failed and sends the
// refund.processed / refund.failed event (data: status, transaction_reference, refund_reference,
// amount, currency…). Every call needs `Authorization: Bearer <secret key>`.
//
// Tests drive it with payTransfer() (the shopper's bank transfer arrives) and sendWebhook(); for a
// local demo run `npm run paystack:fake` (see docs/payments-paystack.md): its page at / lists the
// payments with a button that makes each transfer arrive.
import http from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export type FakeTransactionStatus = "ongoing" | "abandoned" | "success" | "failed";

export interface FakeTransaction {
  id: number;
  reference: string;
  email: string;
  /** Asked, in kobo. */
  amount: number;
  /** Verified as paid, in kobo (set when paid). */
  paidAmount: number | null;
  status: FakeTransactionStatus;
  channel: string | null;
  kind: "bank_transfer" | "checkout";
  /** The request's `currency`, or the integration's (Paystack's default when none is sent). */
  currency: string;
  accountNumber: string | null;
  accountExpiresAt: string | null;
  accessCode: string | null;
  callbackUrl: string | null;
  metadata: unknown;
  createdAt: string;
  paidAt: string | null;
}

export interface FakeRefund {
  id: number;
  transactionReference: string;
  /** In kobo. */
  amount: number;
  status: "pending" | "processed" | "failed";
  merchantNote: string | null;
  createdAt: string;
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  /** Where charge.success webhooks go (the store's /api/payments/paystack/webhook). */
  webhookUrl: string | null;
  transactions: Map<string, FakeTransaction>;
  /** Every API call: method and path (no headers, so no key). */
  calls: { method: string; path: string }[];
  webhooks: WebhookDelivery[];
  /** "down": every API call is dropped without an answer (Paystack unreachable). "answers lost": a
   *  POST /refund is carried out, but its connection drops before the answer. */
  mode: "up" | "down" | "answers lost";
  /** The integration's currency: what a transaction opened without `currency` is charged in. */
  integrationCurrency: string;
  /** The next verify of this reference is answered as the transaction stands when it is asked, but
   *  sent only once the returned function is called: a slow answer that events overtake. */
  holdVerify(reference: string): () => void;
  /** The shopper's transfer arrives: success with `amount` kobo (default: the amount asked). */
  payTransfer(reference: string, options?: { amount?: number; webhook?: boolean }): Promise<WebhookDelivery | null>;
  /** POSTs a body to the webhook URL, signed with `secret` (default: the right key; null: unsigned). */
  sendWebhook(body: unknown, options?: { secret?: string | null; signature?: string }): Promise<WebhookDelivery>;
  chargeSuccessEvent(reference: string): unknown;
  refunds: Map<number, FakeRefund>;
  /** Paystack finishes a refund: processed (or failed), then the refund.* webhook (unless webhook: false). */
  settleRefund(id: number, status: "processed" | "failed", options?: { webhook?: boolean }): Promise<WebhookDelivery | null>;
  refundEvent(refund: FakeRefund): unknown;
  close(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString("en-NG", { minimumFractionDigits: 2 })}`;
}

export async function startFakePaystack(options: { secretKey?: string; port?: number; webhookUrl?: string | null } = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
  const transactions = new Map<string, FakeTransaction>();
  const calls: { method: string; path: string }[] = [];
  const webhooks: WebhookDelivery[] = [];
  const refunds = new Map<number, FakeRefund>();
  const heldVerifies = new Map<string, Promise<void>>();
  let nextId = 4_100_000_000;

  const newTransaction = (fields: Partial<FakeTransaction> & Pick<FakeTransaction, "reference" | "email" | "amount" | "kind">): FakeTransaction => ({
    id: nextId++,
    paidAmount: null,
    status: fields.kind === "bank_transfer" ? "ongoing" : "abandoned",
    channel: null,
    currency: fake.integrationCurrency,
    accountNumber: null,
    accountExpiresAt: null,
    accessCode: null,
    callbackUrl: null,
    metadata: null,
    createdAt: new Date().toISOString(),
    paidAt: null,
    ...fields,
  });

  const transactionData = (t: FakeTransaction) => ({
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    amount: t.paidAmount ?? t.amount,
    message: null,
    gateway_response: t.status === "success" ? "Successful" : t.status === "failed" ? "Declined" : "The transaction was not completed",
    paid_at: t.paidAt,
    created_at: t.createdAt,
    channel: t.channel ?? (t.kind === "bank_transfer" ? "bank_transfer" : "card"),
    currency: t.currency,
    metadata: t.metadata,
    customer: { id: 92312441, email: t.email, customer_code: "CUS_fake" },
  });

  const refundData = (r: FakeRefund) => {
    const t = transactions.get(r.transactionReference)!;
    return {
      id: r.id,
      integration: 412829,
      domain: "test",
      transaction: { id: t.id, reference: t.reference, amount: t.paidAmount ?? t.amount, currency: "NGN", channel: t.channel },
      dispute: null,
      amount: r.amount,
      deducted_amount: 0,
      currency: "NGN",
      channel: t.channel,
      fully_deducted: false,
      refunded_by: "owner@thrift.test",
      expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      status: r.status,
      createdAt: r.createdAt,
      updatedAt: new Date().toISOString(),
    };
  };

  const fake: FakePaystack = {
    refunds,
    refundEvent(r) {
      return {
        event: `refund.${r.status}`,
        data: {
          id: r.id,
          status: r.status,
          transaction_reference: r.transactionReference,
          refund_reference: r.status === "processed" ? `RF${r.id}` : null,
          amount: r.amount,
          currency: "NGN",
          processor: "fake",
          customer: { email: transactions.get(r.transactionReference)?.email ?? null },
          integration: 412829,
          domain: "test",
        },
      };
    },
    async settleRefund(id, status, options = {}) {
      const r = refunds.get(id);
      if (!r) throw new Error(`fake Paystack: no refund ${id}`);
      r.status = status;
      if (options.webhook === false || !fake.webhookUrl) return null;
      return fake.sendWebhook(fake.refundEvent(r));
    },
    url: "",
    secretKey,
    webhookUrl: options.webhookUrl ?? null,
    transactions,
    calls,
    webhooks,
    mode: "up",
    integrationCurrency: "NGN",
    chargeSuccessEvent(reference) {
      const t = transactions.get(reference);
      if (!t) return { event: "charge.success", data: { id: nextId++, status: "success", reference, amount: 100000, currency: "NGN", channel: "bank_transfer", paid_at: new Date().toISOString() } };
      return { event: "charge.success", data: transactionData(t) };
    },
    async sendWebhook(body, options = {}) {
      if (!fake.webhookUrl) throw new Error("fake Paystack: no webhookUrl to deliver to");
      const raw = typeof body === "string" ? body : JSON.stringify(body);
      const secret = options.secret === undefined ? secretKey : options.secret;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.signature !== undefined) headers["x-paystack-signature"] = options.signature;
      else if (secret !== null) headers["x-paystack-signature"] = createHmac("sha512", secret).update(raw).digest("hex");
      const res = await fetch(fake.webhookUrl, { method: "POST", headers, body: raw });
      const delivery = { status: res.status, body: await res.text() };
      webhooks.push(delivery);
      return delivery;
    },
    holdVerify(reference) {
      let release!: () => void;
      heldVerifies.set(reference, new Promise<void>((resolve) => (release = resolve)));
      return release;
    },
    async payTransfer(reference, options = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake Paystack: no transaction ${reference}`);
      t.status = "success";
      t.paidAmount = options.amount ?? t.amount;
      t.channel = t.kind === "bank_transfer" ? "bank_transfer" : "card";
      t.paidAt = new Date().toISOString();
      if (options.webhook === false || !fake.webhookUrl) return null;
      return fake.sendWebhook(fake.chargeSuccessEvent(reference));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const checkoutPage = (t: FakeTransaction) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack Checkout (fake)</title><style>body{font-family:sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;padding:.8rem;margin:.6rem 0;font-size:1rem}</style></head>
<body><h1>Paystack Checkout <small>(fake)</small></h1><p>${escapeHtml(t.email)}</p><p>Pay <strong id="amount">${naira(t.amount)}</strong></p>
<form method="post" action="/checkout/${t.accessCode}/pay"><button type="submit" name="outcome" value="success">Pay ${naira(t.amount)}</button>
<button type="submit" name="outcome" value="failed">Decline (card declined)</button></form></body></html>`;

  const demoPage = () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Paystack</title></head><body>
<h1>Fake Paystack</h1><p>Webhooks go to ${escapeHtml(fake.webhookUrl ?? "(nowhere)")}</p><table border="1" cellpadding="4"><tr><th>Reference</th><th>Kind</th><th>Amount</th><th>Account</th><th>Status</th><th></th></tr>
${[...transactions.values()]
  .reverse()
  .map(
    (t) => `<tr><td>${escapeHtml(t.reference)}</td><td>${t.kind}</td><td>${naira(t.amount)}</td><td>${t.accountNumber ?? ""}</td><td>${t.status}</td>
<td>${t.status === "ongoing" ? `<form method="post" action="/_fake/pay/${encodeURIComponent(t.reference)}"><button>Transfer arrives</button></form>` : ""}</td></tr>`,
  )
  .join("\n")}</table></body></html>`;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    try {
      // The hosted checkout and the demo page are the shopper's and developer's, not API calls.
      const checkout = /^\/checkout\/([A-Za-z0-9]+)(\/pay)?$/.exec(path);
      if (checkout) {
        const t = [...transactions.values()].find((x) => x.accessCode === checkout[1]);
        if (!t) return void res.writeHead(404, { "content-type": "text/plain" }).end("No such checkout");
        if (!checkout[2]) return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(checkoutPage(t));
        const outcome = new URLSearchParams(await readBody(req)).get("outcome");
        if (outcome === "success") {
          t.status = "success";
          t.paidAmount = t.amount;
          t.channel = "card";
          t.paidAt = new Date().toISOString();
          // Paystack sends the webhook beside the redirect; either may arrive first.
          if (fake.webhookUrl) void fake.sendWebhook(fake.chargeSuccessEvent(t.reference)).catch(() => undefined);
        } else {
          t.status = "failed";
          t.channel = "card";
        }
        const back = new URL(t.callbackUrl!);
        back.searchParams.set("trxref", t.reference);
        back.searchParams.set("reference", t.reference);
        return void res.writeHead(302, { location: back.toString() }).end();
      }
      if (path === "/" && req.method === "GET") return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(demoPage());
      const demoPay = /^\/_fake\/pay\/(.+)$/.exec(path);
      if (demoPay && req.method === "POST") {
        await fake.payTransfer(decodeURIComponent(demoPay[1]!));
        return void res.writeHead(303, { location: "/" }).end();
      }

      calls.push({ method: req.method ?? "GET", path });
      if (fake.mode === "down") return void req.socket.destroy();
      if (req.headers.authorization !== `Bearer ${secretKey}`) return json(res, 401, { status: false, message: "Invalid key" });

      if (req.method === "POST" && (path === "/charge" || path === "/transaction/initialize")) {
        const body = JSON.parse((await readBody(req)) || "{}") as Record<string, any>;
        const amount = Number(body.amount);
        if (!body.email || !Number.isInteger(amount) || amount <= 0) return json(res, 400, { status: false, message: "Invalid amount or email" });
        const reference = String(body.reference ?? `T${randomBytes(8).toString("hex")}`);
        if (transactions.has(reference)) return json(res, 400, { status: false, message: "Duplicate Transaction Reference" });
        if (path === "/charge") {
          if (!body.bank_transfer) return json(res, 400, { status: false, message: "This fake supports bank_transfer charges only" });
          const expires = body.bank_transfer.account_expires_at ?? new Date(Date.now() + 30 * 60_000).toISOString();
          const t = newTransaction({
            reference,
            email: body.email,
            amount,
            kind: "bank_transfer",
            metadata: body.metadata ?? null,
            accountNumber: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).slice(0, 10),
            accountExpiresAt: new Date(expires).toISOString(),
          });
          transactions.set(reference, t);
          return json(res, 200, {
            status: true,
            message: "Charge attempted",
            data: {
              status: "pending_bank_transfer",
              display_text: "Please make a transfer to the account specified",
              reference,
              amount,
              account_name: "PAYSTACK CHECKOUT",
              account_number: t.accountNumber,
              bank: { slug: "test-bank", name: "Test Bank", id: 24 },
              account_expires_at: t.accountExpiresAt,
            },
          });
        }
        if (!body.callback_url) return json(res, 400, { status: false, message: "This fake needs a callback_url" });
        const accessCode = randomBytes(8).toString("hex");
        const t = newTransaction({ reference, email: body.email, amount, kind: "checkout", accessCode, callbackUrl: body.callback_url, metadata: body.metadata ?? null, ...(body.currency ? { currency: String(body.currency) } : {}) });
        transactions.set(reference, t);
        return json(res, 200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference },
        });
      }
      if (req.method === "POST" && path === "/refund") {
        const body = JSON.parse((await readBody(req)) || "{}") as Record<string, any>;
        const t = transactions.get(String(body.transaction)) ?? [...transactions.values()].find((x) => String(x.id) === String(body.transaction));
        if (!t || t.status !== "success") return json(res, 400, { status: false, message: "Transaction not found or not successful" });
        const refunded = [...refunds.values()].filter((r) => r.transactionReference === t.reference && r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
        const left = (t.paidAmount ?? t.amount) - refunded;
        // Amount is optional: the whole transaction (what is left of it).
        const amount = body.amount === undefined ? left : Number(body.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) return json(res, 400, { status: false, message: "Refund amount cannot be more than the transaction amount" });
        const merchantNote = typeof body.merchant_note === "string" ? body.merchant_note : null;
        const r: FakeRefund = { id: nextId++, transactionReference: t.reference, amount, status: "pending", merchantNote, createdAt: new Date().toISOString() };
        refunds.set(r.id, r);
        if (fake.mode === "answers lost") return void req.socket.destroy();
        return json(res, 200, { status: true, message: "Refund has been queued for processing", data: refundData(r) });
      }
      if (req.method === "GET" && path === "/refund") {
        const q = url.searchParams;
        const from = q.get("from") ? Date.parse(q.get("from")!) : -Infinity;
        const to = q.get("to") ? Date.parse(q.get("to")!) : Infinity;
        const perPage = Number(q.get("perPage") ?? 50);
        const page = Number(q.get("page") ?? 1);
        if (Number.isNaN(from) || Number.isNaN(to) || !Number.isInteger(perPage) || perPage < 1 || !Number.isInteger(page) || page < 1) {
          return json(res, 400, { status: false, message: "Invalid query" });
        }
        const listed = [...refunds.values()]
          .filter((r) => Date.parse(r.createdAt) >= from && Date.parse(r.createdAt) <= to)
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
        const data = listed.slice((page - 1) * perPage, page * perPage).map((r) => {
          const t = transactions.get(r.transactionReference)!;
          return { ...refundData(r), transaction: t.id, transaction_reference: t.reference, merchant_note: r.merchantNote, customer_note: "Refund for transaction " + t.reference };
        });
        const meta = { total: listed.length, skipped: (page - 1) * perPage, perPage: String(perPage), page, pageCount: Math.ceil(listed.length / perPage), failedRefundCount: listed.filter((r) => r.status === "failed").length };
        return json(res, 200, { status: true, message: "Refunds retrieved", data, meta });
      }
      const fetchRefund = /^\/refund\/(\d+)$/.exec(path);
      if (req.method === "GET" && fetchRefund) {
        const r = refunds.get(Number(fetchRefund[1]));
        if (!r) return json(res, 404, { status: false, message: "Refund not found" });
        return json(res, 200, { status: true, message: "Refund retrieved", data: refundData(r) });
      }
      const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
      if (req.method === "GET" && verify) {
        const reference = decodeURIComponent(verify[1]!);
        const t = transactions.get(reference);
        if (!t) return json(res, 400, { status: false, message: "Transaction reference not found" });
        const data = transactionData(t);
        const held = heldVerifies.get(reference);
        heldVerifies.delete(reference);
        await held;
        return json(res, 200, { status: true, message: "Verification successful", data });
      }
      json(res, 404, { status: false, message: "Not found" });
    } catch (error) {
      json(res, 500, { status: false, message: error instanceof Error ? error.message : "error" });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

// `npm run paystack:fake`: a fake for running the store locally (docs/payments-paystack.md).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.PAYSTACK_FAKE_PORT || 4010);
  const storeUrl = (process.env.STORE_URL || "http://localhost:4000").replace(/\/$/, "");
  const secretKey = process.env.PAYSTACK_SECRET_KEY || "sk_test_localfakepaystack0000";
  startFakePaystack({ port, secretKey, webhookUrl: `${storeUrl}/api/payments/paystack/webhook` }).then(
    (fake) => {
      process.stdout.write(
        `Fake Paystack on ${fake.url} (webhooks to ${fake.webhookUrl}).\nStart the store with:\n` +
          `  PAYSTACK_SECRET_KEY=${secretKey} PAYSTACK_BASE_URL=${fake.url} npm start\n` +
          `Open ${fake.url}/ to make a one-time account's transfer arrive.\n`,
      );
    },
    (error: NodeJS.ErrnoException) => {
      process.stderr.write(error.code === "EADDRINUSE" ? `Port ${port} is taken: set PAYSTACK_FAKE_PORT\n` : `${error.message}\n`);
      process.exit(1);
    },
  );
}
