// SMS through Termii: POST {TERMII_BASE_URL}/api/sms/send with the plain text on the dnd channel,
// Termii's route for transactional messages, which reaches numbers on Do-Not-Disturb
// (https://developers.termii.com/messaging-api).
import type { TermiiConfig } from "../../../config.ts";
import { MessageSendError, postJson, retryableStatus, type MessageProvider, type OutgoingMessage } from "./provider.ts";

interface TermiiAnswer {
  message_id?: string | number;
  message?: string;
}

export class TermiiSms implements MessageProvider {
  readonly channel = "sms" as const;
  constructor(private readonly config: TermiiConfig) {}

  async send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }> {
    const { status, answer } = await postJson("Termii", `${this.config.baseUrl}/api/sms/send`, {
      api_key: this.config.apiKey,
      to: message.to,
      from: this.config.senderId,
      sms: message.text,
      type: "plain",
      channel: "dnd",
    });
    const termii = (answer ?? {}) as TermiiAnswer;
    if (status < 300 && termii.message_id !== undefined) return { providerMessageId: String(termii.message_id) };
    throw new MessageSendError(`Termii answered ${status}: ${String(termii.message ?? "no message id").slice(0, 200)}`, retryableStatus(status));
  }
}
