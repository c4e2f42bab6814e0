// Reading orders as a shopper: the tracker's lookup and the thank-you page's latest order. Who owns
// an order is decided in ownership.ts.
import type { Db } from "../../db/database.ts";
import { isUuid } from "../../../../common/uuid.ts";
import { normaliseReference } from "./readable-codes.ts";
import { grantOrderAccess, guestTokenMatches, type OwnershipContext } from "./ownership.ts";

/** The tracker's lookup: by short order id, or by the full id. Null when there is none. */
export async function findOrderIdByReference(prisma: Db, reference: string): Promise<string | null> {
  const value = reference.trim();
  if (!value || value.length > 64) return null;
  const order = isUuid(value)
    ? await prisma.order.findUnique({ where: { id: value.toLowerCase() }, select: { id: true } })
    : await prisma.order.findUnique({ where: { shortOrderId: normaliseReference(value) }, select: { id: true } });
  return order?.id ?? null;
}

/**
 * The thank-you page's order: a signed-in shopper's newest; for a guest, the order this browser
 * placed (proven by its guest token). Never anyone else's. Grants contact access on a token match.
 */
export async function latestOrderId(
  prisma: Db,
  ctx: OwnershipContext,
  guest: { orderId?: string | null; token?: string | null },
): Promise<string | null> {
  if (ctx.viewer) {
    const mine = await prisma.order.findFirst({ where: { userId: ctx.viewer.userId }, orderBy: { createdAt: "desc" }, select: { id: true } });
    if (mine) return mine.id;
  }
  if (!guest.orderId || !isUuid(guest.orderId)) return null;
  const order = await prisma.order.findUnique({ where: { id: guest.orderId.toLowerCase() }, select: { id: true, guestTokenHash: true } });
  if (!order || !guestTokenMatches(order.guestTokenHash, guest.token)) return null;
  grantOrderAccess(ctx, order.id);
  return order.id;
}
