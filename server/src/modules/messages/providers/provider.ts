// What the shop needs of a messaging provider: send one message. WhatsApp (Meta's Cloud API) sends
// the template with its parameters; an SMS provider (Termii) sends the text (decision 036).
import type { MessageChannel } from "../../../generated/prisma/enums.ts";

export interface OutgoingMessage {
  /** The outbox row's id: sent along where the provider keeps it, so its reports can name it. */
  id: string;
  /** International form without the plus: 2348031234567. */
  to: string;
  template: string;
  params: string[];
  text: string;
}

export interface MessageProvider {
  readonly channel: MessageChannel;
  /** The provider's id for the accepted message. Throws MessageSendError when it was not accepted. */
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}

/** Not accepted. Retryable: the provider was unreachable, overloaded or rate-limiting (429, 5xx);
 *  otherwise the message itself was refused and another attempt would be refused too. The message
 *  never carries a secret. */
export class MessageSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MessageSendError";
  }
}

export const CALL_TIMEOUT_MS = 10_000;

/** POSTs JSON and returns the answer's status and parsed body; only the kind of failure (never the
 *  request, which holds the key) goes into an error. */
export async function postJson(provider: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; answer: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new MessageSendError(`${provider} ${error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not be reached"}`, true);
  }
  const answer: unknown = await res.json().catch(() => null);
  return { status: res.status, answer };
}

/** 429 and 5xx pass; other refusals are the message's own. */
export const retryableStatus = (status: number) => status === 429 || status >= 500;
