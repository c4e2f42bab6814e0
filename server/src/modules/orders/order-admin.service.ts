// Admin order list filters (month, size, channel) and order deletion.
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { formatNaira } from "../../../../common/naira.ts";
import { holdsStock, lockOrder, returnStock } from "./order-status.service.ts";
import { isUuid } from "../../../../common/uuid.ts";
import type { SaleChannelName } from "../../../../common/sale-channels.ts";

export interface AdminOrderFilter {
  /** "YYYY-MM": orders created in that month, shop time. */
  month?: string | null;
  /** Case-insensitive match on an item's size. */
  size?: string | null;
  /** Where the sale was made. */
  channel?: SaleChannelName | null;
}

/** The shop runs on West Africa Time (UTC+1, no daylight saving): a month starts at 00:00 in Lagos. */
const LAGOS_OFFSET_HOURS = 1;

export function monthRange(month: string): { gte: Date; lt: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  invariant(match, "Month must look like 2026-03", "month");
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  invariant(index >= 0 && index < 12 && year >= 2000 && year <= 2100, "Month must look like 2026-03", "month");
  return {
    gte: new Date(Date.UTC(year, index, 1, -LAGOS_OFFSET_HOURS)),
    lt: new Date(Date.UTC(year, index + 1, 1, -LAGOS_OFFSET_HOURS)),
  };
}

export function adminOrderWhere(filter: AdminOrderFilter): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [];
  const month = filter.month?.trim();
  if (month) and.push({ createdAt: monthRange(month) });
  const size = filter.size?.trim();
  if (size) {
    invariant(size.length <= 30, "Size must be at most 30 characters", "size");
    and.push({ items: { some: { size: { equals: size, mode: "insensitive" } } } });
  }
  if (filter.channel) and.push({ channel: filter.channel });
  return and.length ? { AND: and } : {};
}

export const ADMIN_ORDER_ORDER: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "asc" }];

export const DELETE_ORDER_MESSAGES = {
  hasMoney: (paid: string) => `This order has ${formatNaira(paid)} paid, so it cannot be deleted: cancel it instead, and refund what is owed`,
  leftTheShop: "A shipped or delivered order cannot be deleted: its pieces have left the shop",
  hasClaim: "An order with a claim cannot be deleted",
} as const;

/**
 * Deletes an order: its items, then the order, in one transaction (receipts go with it). An order
 * that still held stock gives it back, so deleting never loses stock from the shelves. Only an order
 * that neither holds money nor left the shop nor has a claim: deleting a paid, shipped or claimed
 * one would put pieces a buyer has back on sale and take its money and refunds out of the figures
 * (the row they are read from goes); those are cancelled, which keeps them on record.
 */
export async function deleteOrder(prisma: Db, actor: Actor, orderId: string): Promise<string> {
  invariant(isUuid(orderId), "Order not found", "orderId");
  return prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFoundError("Order not found");
    if (order.amountPaid.gt(0)) throw new ValidationError(DELETE_ORDER_MESSAGES.hasMoney(order.amountPaid.toFixed(2)), "id");
    if (order.status === "shipped" || order.status === "delivered") throw new ValidationError(DELETE_ORDER_MESSAGES.leftTheShop, "id");
    if (order.claims.length) throw new ValidationError(DELETE_ORDER_MESSAGES.hasClaim, "id");
    if (holdsStock(order)) await returnStock(tx, order.items);
    await tx.orderItem.deleteMany({ where: { orderId } });
    await tx.order.delete({ where: { id: orderId } });
    await recordAudit(tx, {
      actor,
      action: "order.delete",
      entityType: "order",
      entityId: orderId,
      before: {
        shortOrderId: order.shortOrderId,
        status: order.status,
        total: order.total.toFixed(2),
        customerEmail: order.customerEmail,
        items: order.items.map((i) => ({ productId: i.productId, productName: i.productName, quantity: i.quantity, price: i.price.toFixed(2) })),
      },
    });
    return orderId;
  });
}
