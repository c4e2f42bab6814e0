// A fake of Meta's WhatsApp Cloud API on a local port, following its published shapes
// (developers.facebook.com/docs/whatsapp/cloud-api): POST /{version}/{phone number id}/messages
// with a template message and `Authorization: Bearer <token>`, answered
// {"messaging_product":"whatsapp","contacts":[…],"messages":[{"id":"wamid…"}]} or Graph's error
// body {"error":{"message","type","code","fbtrace_id"}} (190 bad token, 132001 unknown template,
// 132000 wrong parameter count, 130429 rate limit with HTTP 429, 1 unknown with HTTP 500). It also
// plays Meta's side of the webhook: status updates and inbound texts signed with X-Hub-Signature-256.
//
// Tests queue failures for a number with failNext() (or a lost answer with acceptThenFailNext()), read
// `sent`, and drive the webhook with sendStatus() and sendInbound().
import http from "node:http";
import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

export interface SentTemplate {
  /** The phone number id in the path (one per store instance, in the cluster drill). */
  phoneNumberId: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  /** biz_opaque_callback_data as sent. */
  opaque: string | null;
  wamid: string;
}

export interface FakeWhatsApp {
  /** The API root to configure as WHATSAPP_API_URL (…/v21.0). */
  url: string;
  token: string;
  appSecret: string;
  /** The store's /api/messages/whatsapp/webhook. */
  webhookUrl: string | null;
  sent: SentTemplate[];
  /** Every call, refused ones too. */
  calls: number;
  /** The next calls to this number are answered with these errors, in order. */
  failNext(to: string, ...failures: (429 | 500 | 400)[]): void;
  /** The next call to this number is carried out (the message is sent), then `meanwhile` runs (a
   *  status webhook, the buyer's STOP) and the call is answered 500: an answer lost after the work. */
  acceptThenFailNext(to: string, meanwhile: (sent: SentTemplate) => Promise<unknown>): void;
  /** Settles when the last call that acceptThenFailNext set up has been answered. */
  lostAnswer: Promise<void>;
  /** Meta's status webhook for a message sent here (failed: code 131026, message undeliverable). */
  sendStatus(wamid: string, status: "sent" | "delivered" | "read" | "failed", options?: { secret?: string; signature?: string | null }): Promise<number>;
  /** A WhatsApp user's text to the shop's number, as Meta's webhook reports it. */
  sendInbound(from: string, text: string): Promise<number>;
  /** POSTs any body to the webhook, signed with the app secret unless told otherwise. */
  post(body: unknown, options?: { secret?: string; signature?: string | null }): Promise<number>;
  close(): Promise<void>;
}

const PHONE_NUMBER_ID = "106540352242922";
const WABA_ID = "102290129340398";

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const graphError = (code: number, message: string, type = "OAuthException") => ({ error: { message, type, code, fbtrace_id: `A${randomBytes(8).toString("hex")}` } });

const FAILURES = {
  429: () => graphError(130429, "(#130429) Rate limit hit"),
  500: () => ({ error: { ...graphError(1, "An unknown error has occurred.").error, is_transient: true } }),
  400: () => graphError(131009, "(#131009) Parameter value is not valid"),
};

/** approved: each template Meta has approved, by name, with its number of body parameters. */
export async function startFakeWhatsApp(options: { approved: Record<string, number>; token?: string; appSecret?: string; webhookUrl?: string | null }): Promise<FakeWhatsApp> {
  const token = options.token ?? `EAAG${randomBytes(12).toString("hex")}`;
  const appSecret = options.appSecret ?? randomBytes(16).toString("hex");
  const failures = new Map<string, (429 | 500 | 400)[]>();
  const lostAnswers = new Map<string, (sent: SentTemplate) => Promise<unknown>>();
  let answeredLost = () => {};
  const fake: FakeWhatsApp = {
    acceptThenFailNext(to, meanwhile) {
      lostAnswers.set(to, meanwhile);
      fake.lostAnswer = new Promise<void>((resolve) => (answeredLost = resolve));
    },
    lostAnswer: Promise.resolve(),
    url: "",
    token,
    appSecret,
    webhookUrl: options.webhookUrl ?? null,
    sent: [],
    calls: 0,
    failNext: (to, ...next) => void failures.set(to, [...(failures.get(to) ?? []), ...next]),
    async post(body, { secret = appSecret, signature } = {}) {
      const raw = JSON.stringify(body);
      const headers: Record<string, string> = { "content-type": "application/json" };
      const sign = signature === undefined ? `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}` : signature;
      if (sign !== null) headers["x-hub-signature-256"] = sign;
      const res = await fetch(fake.webhookUrl!, { method: "POST", headers, body: raw });
      await res.arrayBuffer();
      return res.status;
    },
    sendStatus(wamid, status, post = {}) {
      const message = fake.sent.find((m) => m.wamid === wamid);
      const report = {
        id: wamid,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: message?.to ?? "2348000000000",
        ...(message?.opaque ? { biz_opaque_callback_data: message.opaque } : {}),
        ...(status === "failed"
          ? { errors: [{ code: 131026, title: "Message undeliverable", message: "Message undeliverable", error_data: { details: "Message Undeliverable." } }] }
          : { pricing: { billable: true, pricing_model: "PMP", category: "utility", type: "regular" } }),
      };
      return fake.post(envelope({ statuses: [report] }), post);
    },
    sendInbound(from, text) {
      return fake.post(
        envelope({
          contacts: [{ profile: { name: "Shopper" }, wa_id: from }],
          messages: [{ from, id: `wamid.${randomBytes(12).toString("base64url")}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
        }),
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [{ id: WABA_ID, changes: [{ value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550783881", phone_number_id: PHONE_NUMBER_ID }, ...value }, field: "messages" }] }],
  });

  const server = http.createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const route = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(req.url ?? "");
    if (req.method !== "POST" || !route) return answer(404, graphError(100, "Unsupported request", "GraphMethodException"));
    const raw = await readBody(req);
    fake.calls++;
    if (req.headers.authorization !== `Bearer ${token}`) return answer(401, graphError(190, "Invalid OAuth access token - Cannot parse access token"));
    let body: { messaging_product?: string; to?: string; type?: string; biz_opaque_callback_data?: string; template?: { name?: string; language?: { code?: string }; components?: { type?: string; parameters?: { type?: string; text?: string }[] }[] } };
    try {
      body = JSON.parse(raw);
    } catch {
      return answer(400, graphError(100, "(#100) Invalid parameter"));
    }
    const failure = failures.get(body.to ?? "")?.shift();
    if (failure) return answer(failure, FAILURES[failure]());
    if (body.messaging_product !== "whatsapp" || body.type !== "template" || !/^\d{8,15}$/.test(body.to ?? "")) return answer(400, graphError(100, "(#100) Invalid parameter"));
    const template = body.template;
    const expected = template?.name ? options.approved[template.name] : undefined;
    if (expected === undefined || !template?.language?.code) return answer(404, graphError(132001, "(#132001) Template name does not exist in the translation"));
    const params = (template.components ?? []).filter((c) => c.type === "body").flatMap((c) => c.parameters ?? []);
    if (params.length !== expected || params.some((p) => p.type !== "text" || typeof p.text !== "string" || !p.text)) {
      return answer(400, graphError(132000, "(#132000) Number of parameters does not match the expected number of params"));
    }
    const wamid = `wamid.${randomBytes(18).toString("base64url")}`;
    const sent: SentTemplate = { phoneNumberId: route[1]!, to: body.to!, template: template.name!, language: template.language.code, params: params.map((p) => p.text!), opaque: body.biz_opaque_callback_data ?? null, wamid };
    fake.sent.push(sent);
    const meanwhile = lostAnswers.get(sent.to);
    if (meanwhile) {
      lostAnswers.delete(sent.to);
      await meanwhile(sent);
      answer(500, FAILURES[500]());
      return answeredLost();
    }
    answer(200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid, message_status: "accepted" }] });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return fake;
}
