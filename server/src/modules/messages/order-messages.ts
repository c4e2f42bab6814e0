// The messages an order's events write, each in the transaction of its event (decision 036): the
// checkout's (order_received to the shopper, owner_new_order to the owner), payment confirmed,
// shipped, a claim decided. Nothing is read or written when no channel is configured.
import type { Config } from "../../config.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { forOwner, forShopper, messageSql, queueMessages, shopperChannel } from "./outbox.ts";
import { SALE_CHANNEL_LABELS, type SaleChannelName } from "../../../../common/sale-channels.ts";
import { claimDecided, orderReceived, orderShipped, ownerNewOrder, paymentConfirmed, type ClaimOutcome, type OrderFacts, type Shipment } from "./templates.ts";

export type MessagingConfig = Pick<Config, "whatsapp" | "termii" | "publicUrl"> & { store: Pick<Config["store"], "name" | "whatsapp"> };

type Tx = Pick<Prisma.TransactionClient, "order" | "$executeRaw">;

/** A new order's messages as INSERTs for the statement that writes it: order_received to the
 *  shopper if opted in (`askPayment`: unless it was paid as it was taken), owner_new_order whenever
 *  WhatsApp is configured, naming the channel it came from. */
export function placedOrderMessagesSql(
  config: MessagingConfig,
  order: OrderFacts & { id: string; customerPhone: string; whatsappUpdates: boolean; channel: SaleChannelName },
  askPayment = true,
): Prisma.Sql[] {
  return [
    ...(askPayment ? forShopper(config, order, orderReceived(config.publicUrl, config.store.name, order)) : []),
    ...forOwner(config, order.id, ownerNewOrder(config.publicUrl, order, SALE_CHANNEL_LABELS[order.channel])),
  ].map((message) => messageSql(message));
}

/** The shopper's consent and number, read only when a message could go. */
async function shopperOf(tx: Tx, config: MessagingConfig, orderId: string) {
  if (!shopperChannel(config)) return null;
  return tx.order.findUnique({ where: { id: orderId }, select: { id: true, shortOrderId: true, customerPhone: true, whatsappUpdates: true } });
}

/** payment_confirmed, in the transaction that marked the order paid. */
export async function queuePaymentConfirmed(tx: Tx, config: MessagingConfig, orderId: string): Promise<void> {
  const order = await shopperOf(tx, config, orderId);
  if (order) await queueMessages(tx, forShopper(config, order, paymentConfirmed(config.publicUrl, config.store.name, order)));
}

/** order_shipped, in the transaction that moved the order to shipped. */
export async function queueOrderShipped(tx: Tx, config: MessagingConfig, order: { id: string; shortOrderId: string; customerPhone: string; whatsappUpdates: boolean } & Shipment): Promise<void> {
  await queueMessages(tx, forShopper(config, order, orderShipped(config.publicUrl, config.store.name, order, order)));
}

/** claim_decided, in the transaction that decided the claim (refund, exchange or decline). */
export async function queueClaimDecided(tx: Tx, config: MessagingConfig, order: { id: string; shortOrderId: string; customerPhone: string; whatsappUpdates: boolean }, outcome: ClaimOutcome): Promise<void> {
  await queueMessages(tx, forShopper(config, order, claimDecided(config.publicUrl, config.store.name, order, outcome)));
}
