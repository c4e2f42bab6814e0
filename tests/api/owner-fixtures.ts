// Fixtures for the owner's figures and CSV tests: categories, products, orders and refunds written
// straight to the database with chosen prices, listing times, order times and payment times.
import { randomBytes } from "node:crypto";
import type { Db } from "../../server/src/db/database.ts";

export async function makeCategory(prisma: Db, name: string) {
  const suffix = randomBytes(3).toString("hex");
  return prisma.category.create({ data: { name: `${name} ${suffix}`, slug: `test-${suffix}`, main: "Test" } });
}

export async function makeListedProduct(
  prisma: Db,
  options: { name?: string; price: string; stock: number; categoryId?: string | null; createdAt: Date; size?: string; goesLiveAt?: Date },
) {
  const suffix = randomBytes(4).toString("hex");
  return prisma.product.create({
    data: {
      name: options.name ?? `Piece ${suffix}`,
      slug: `piece-${suffix}`,
      price: options.price,
      stock: options.stock,
      size: options.size ?? null,
      categoryId: options.categoryId ?? null,
      createdAt: options.createdAt,
      goesLiveAt: options.goesLiveAt ?? null,
    },
  });
}

export interface PlacedOrder {
  lines: { product: { id: string; name: string; price: { toString(): string } }; quantity: number; size?: string | null }[];
  /** Written as given, as checkout stores it. */
  total: string;
  /** What reached the shop (decision 034); default: the total for a paid order, else nothing. */
  amountPaid?: string;
  createdAt: Date;
  paidAt?: Date | null;
  status?: "pending" | "confirmed" | "shipped" | "cancelled" | "delivered";
  paymentStatus?: "awaiting_transfer" | "under_review" | "paid" | "expired";
  holdExpiresAt?: Date | null;
  customerName?: string;
  deliveryMethod?: "doorstep" | "park" | "pickup";
  /** Part of total, as checkout stores it. */
  deliveryFee?: string;
  channel?: "web" | "whatsapp" | "instagram" | "in_person" | "other";
}

export async function placeOrder(prisma: Db, o: PlacedOrder) {
  return prisma.order.create({
    data: {
      shortOrderId: randomBytes(4).toString("hex").toUpperCase(),
      total: o.total,
      amountPaid: o.amountPaid ?? (o.paymentStatus === "paid" ? o.total : "0"),
      deliveryFee: o.deliveryFee ?? "0",
      customerName: o.customerName ?? "Ada Obi",
      customerEmail: "ada@example.com",
      customerPhone: "+2348031234567",
      customerAddress: o.deliveryMethod === "park" ? null : "3 Allen Avenue, Ikeja",
      deliveryMethod: o.deliveryMethod ?? "doorstep",
      deliveryState: (o.deliveryMethod ?? "doorstep") === "doorstep" ? "Lagos" : null,
      parkState: o.deliveryMethod === "park" ? "Oyo" : null,
      parkName: o.deliveryMethod === "park" ? "Iwo Road Park" : null,
      status: o.status ?? (o.paymentStatus === "paid" ? "confirmed" : "pending"),
      paymentStatus: o.paymentStatus ?? "awaiting_transfer",
      paidAt: o.paidAt ?? null,
      holdExpiresAt: o.holdExpiresAt ?? null,
      createdAt: o.createdAt,
      channel: o.channel ?? "web",
      items: {
        create: o.lines.map((l) => ({
          productId: l.product.id,
          productName: l.product.name,
          quantity: l.quantity,
          price: l.product.price.toString(),
          size: l.size ?? null,
        })),
      },
    },
    include: { items: true },
  });
}

/** A claim on the order with these refunds, as decideClaim and settleRefund leave them (the order's
 *  amountPaid is the caller's: what came in less the refunds that did not fail). */
export async function refunded(prisma: Db, orderId: string, refunds: { amount: string; status: "processed" | "pending" | "failed"; settledAt: Date | null }[]) {
  const claim = await prisma.claim.create({ data: { orderId, reason: "undisclosed_flaw", message: "A hole under the arm", photoUrls: [], status: "refunded" } });
  for (const refund of refunds) await prisma.refund.create({ data: { claimId: claim.id, orderId, method: "transfer", bankReference: "GTB-1", ...refund } });
}
