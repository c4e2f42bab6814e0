// A fake of Termii's SMS API on a local port, following its published shape
// (developers.termii.com/messaging-api): POST /api/sms/send with JSON
// {api_key, to, from, sms, type: "plain", channel: "generic" | "dnd" | "whatsapp"}, answered
// {"message_id","message":"Successfully Sent","balance","user"}, or {"message": …} with 401 for a
// wrong key, 400 for a bad request, and the 429/500 a test queues for a number with failNext().
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

export interface SentSms {
  to: string;
  from: string;
  sms: string;
  channel: string;
  messageId: string;
}

export interface FakeTermii {
  /** TERMII_BASE_URL. */
  url: string;
  apiKey: string;
  sent: SentSms[];
  failNext(to: string, ...failures: (429 | 500)[]): void;
  close(): Promise<void>;
}

export async function startFakeTermii(options: { apiKey?: string } = {}): Promise<FakeTermii> {
  const apiKey = options.apiKey ?? `TL${randomBytes(16).toString("hex")}`;
  const failures = new Map<string, (429 | 500)[]>();
  let balance = 1000;
  const fake: FakeTermii = {
    url: "",
    apiKey,
    sent: [],
    failNext: (to, ...next) => void failures.set(to, [...(failures.get(to) ?? []), ...next]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const answer = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (req.method !== "POST" || req.url !== "/api/sms/send") return answer(404, { message: "Not Found" });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw);
      } catch {
        return answer(400, { message: "Invalid JSON" });
      }
      if (body.api_key !== apiKey) return answer(401, { message: "Invalid API key" });
      const failure = failures.get(String(body.to))?.shift();
      if (failure === 429) return answer(429, { message: "Too Many Attempts." });
      if (failure === 500) return answer(500, { message: "Server Error" });
      const { to, from, sms, type, channel } = body;
      if (typeof to !== "string" || !/^\d{8,15}$/.test(to) || typeof from !== "string" || typeof sms !== "string" || !sms || type !== "plain" || !["generic", "dnd", "whatsapp"].includes(channel as string)) {
        return answer(400, { message: "The given data was invalid." });
      }
      const messageId = String(BigInt(`0x${randomBytes(8).toString("hex")}`) % 10n ** 19n);
      fake.sent.push({ to, from, sms, channel: channel as string, messageId });
      answer(200, { message_id: messageId, message: "Successfully Sent", balance: --balance, user: "Thrift Store" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
