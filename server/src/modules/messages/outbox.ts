// Queueing messages: rows of message_outbox written inside the transaction of the event they
// report (an order placed, paid, shipped, a reminder due), so a message exists exactly when its
// event does. Who gets what (decision 036):
// - shoppers only when their order opted in (whatsappUpdates), on WhatsApp when it is configured,
//   else by SMS when Termii is, and never once their number has replied STOP;
// - the owner's alerts go to STORE_WHATSAPP whenever WhatsApp is configured.
import { randomUUID } from "node:crypto";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Config } from "../../config.ts";
import type { MessageChannel } from "../../generated/prisma/enums.ts";
import type { MessageContent } from "./templates.ts";
import { normalizeNigerianPhone } from "../../../../common/phone.ts";

export interface QueuedMessage extends MessageContent {
  orderId: string | null;
  channel: MessageChannel;
  /** International form without the plus. */
  to: string;
  /** Shopper messages stop at an opt-out (STOP); the owner's alerts do not. */
  toShopper: boolean;
}

type Tx = { $executeRaw(query: Prisma.Sql): Promise<number> };

/** A phone as WhatsApp and Termii take it: 2348031234567 (null for a number we cannot read). */
export function internationalNumber(phone: string): string | null {
  return normalizeNigerianPhone(phone)?.slice(1) ?? null;
}

/** The channel for shopper messages: WhatsApp first, SMS when only Termii is configured. */
export function shopperChannel(config: Pick<Config, "whatsapp" | "termii">): MessageChannel | null {
  return config.whatsapp ? "whatsapp" : config.termii ? "sms" : null;
}

/** The shopper's message about an order, or none (no consent, no channel, no readable number). */
export function forShopper(config: Pick<Config, "whatsapp" | "termii">, order: { id: string; customerPhone: string; whatsappUpdates: boolean }, content: MessageContent): QueuedMessage[] {
  const channel = shopperChannel(config);
  const to = internationalNumber(order.customerPhone);
  if (!order.whatsappUpdates || !channel || !to) return [];
  return [{ ...content, orderId: order.id, channel, to, toShopper: true }];
}

/** The owner's alert on STORE_WHATSAPP, or none when WhatsApp is not configured. */
export function forOwner(config: Pick<Config, "whatsapp"> & { store: Pick<Config["store"], "whatsapp"> }, orderId: string | null, content: MessageContent): QueuedMessage[] {
  if (!config.whatsapp || !config.store.whatsapp) return [];
  return [{ ...content, orderId, channel: "whatsapp", to: config.store.whatsapp, toShopper: false }];
}

/** One message's INSERT, on its own or as a clause of a larger statement (the checkout's). A
 *  shopper's message is not written when the number has opted out. */
export function messageSql(message: QueuedMessage, options: { fallbackOf?: string } = {}): Prisma.Sql {
  const now = new Date();
  const optedOut = message.toShopper ? Prisma.sql`WHERE NOT EXISTS (SELECT 1 FROM message_opt_outs WHERE phone = ${message.to})` : Prisma.empty;
  return Prisma.sql`INSERT INTO message_outbox (id, order_id, channel, template, "to", params, text, fallback_of, next_attempt_at, created_at)
    SELECT ${randomUUID()}::uuid, ${message.orderId}::uuid, ${message.channel}::"MessageChannel", ${message.template}, ${message.to},
      ${JSON.stringify(message.params)}::jsonb, ${message.text}, ${options.fallbackOf ?? null}::uuid, ${now}, ${now}
    ${optedOut}`;
}

export async function queueMessages(tx: Tx, messages: QueuedMessage[]): Promise<void> {
  for (const message of messages) await tx.$executeRaw(messageSql(message));
}
