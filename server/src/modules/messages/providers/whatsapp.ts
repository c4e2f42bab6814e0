// WhatsApp through Meta's Cloud API: POST {WHATSAPP_API_URL}/{phone number id}/messages with a
// template message (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages),
// and the webhook's X-Hub-Signature-256 (sha256= hex HMAC-SHA256 of the raw body, keyed with the
// app secret).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { WhatsAppConfig } from "../../../config.ts";
import { MessageSendError, postJson, retryableStatus, type MessageProvider, type OutgoingMessage } from "./provider.ts";

/** Meta's error codes that say "later", whatever the HTTP status: service down or overloaded,
 *  call-rate and throughput limits, too many messages to one user. */
const RETRYABLE_CODES = new Set([2, 4, 80007, 130429, 131000, 131056]);

interface GraphAnswer {
  messages?: { id?: string }[];
  error?: { message?: string; code?: number };
}

export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/** Whether the header is the raw body's signature with this secret (compared in constant time). */
export function validWhatsAppSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class WhatsAppCloud implements MessageProvider {
  readonly channel = "whatsapp" as const;
  constructor(private readonly config: Pick<WhatsAppConfig, "token" | "phoneNumberId" | "apiUrl" | "templateLanguage">) {}

  async send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }> {
    const { status, answer } = await postJson(
      "WhatsApp",
      `${this.config.apiUrl}/${this.config.phoneNumberId}/messages`,
      {
        messaging_product: "whatsapp",
        to: message.to,
        type: "template",
        template: {
          name: message.template,
          language: { code: this.config.templateLanguage },
          components: [{ type: "body", parameters: message.params.map((text) => ({ type: "text", text })) }],
        },
        // Comes back on every status webhook of this message: it names our row even when the
        // webhook is heard before our own record of the send.
        biz_opaque_callback_data: message.id,
      },
      { authorization: `Bearer ${this.config.token}` },
    );
    const graph = (answer ?? {}) as GraphAnswer;
    const id = graph.messages?.[0]?.id;
    if (status < 300 && id) return { providerMessageId: id };
    const code = graph.error?.code;
    throw new MessageSendError(
      `WhatsApp answered ${status}${code ? ` (code ${code})` : ""}: ${String(graph.error?.message ?? "no message id").slice(0, 200)}`,
      retryableStatus(status) || (code !== undefined && RETRYABLE_CODES.has(code)),
    );
  }
}
