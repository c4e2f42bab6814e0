// Orders made straight in the database for payment and hold tests: the same effects placeOrder has
// (items at the product's price, stock taken, a hold), without going through checkout.
import { randomBytes } from "node:crypto";
import type { Db } from "../../server/src/db/database.ts";
import { hashGuestToken } from "../../server/src/modules/orders/ownership.ts";
import { createSession } from "../../server/src/auth/session.ts";
import { sessionCookieName } from "../../server/src/auth/cookies.ts";
import type { GraphQLClient, TestStore } from "./store.ts";
import { makeProduct } from "./fixtures.ts";
import { readableCode } from "../../server/src/modules/orders/readable-codes.ts";
import { receiptLinkKey, receiptNameFor } from "../../server/src/modules/payments/receipt-links.ts";


export interface TestOrderOptions {
  productId?: string;
  quantity?: number;
  userId?: string | null;
  phone?: string;
  email?: string;
  name?: string;
  holdExpiresAt?: Date;
  /** Stock of the product before the order takes its units (default: leave as it is). */
  stock?: number;
  guestToken?: string;
  deliveryMethod?: "doorstep" | "park" | "pickup";
}

/** Places an order for one product directly: takes its stock, sets an unpaid hold. */
export async function createTestOrder(prisma: Db, options: TestOrderOptions = {}) {
  const quantity = options.quantity ?? 1;
  const product = options.productId
    ? await prisma.product.findUniqueOrThrow({ where: { id: options.productId } })
    : await makeProduct(prisma, { stock: options.stock ?? quantity, price: "15000.00", size: null });
  if (options.productId && options.stock !== undefined) await prisma.product.update({ where: { id: product.id }, data: { stock: options.stock } });
  return prisma.$transaction(async (tx) => {
    const taken = await tx.product.updateMany({ where: { id: product.id, stock: { gte: quantity } }, data: { stock: { decrement: quantity } } });
    if (taken.count !== 1) throw new Error(`createTestOrder: not enough stock of ${product.name}`);
    const total = (Number(product.price) * quantity).toFixed(2);
    return tx.order.create({
      data: {
        shortOrderId: readableCode(8),
        userId: options.userId ?? null,
        total,
        customerName: options.name ?? "Ada Obi",
        customerEmail: options.email ?? "ada@example.com",
        customerPhone: options.phone ?? "+2348031234567",
        customerAddress: "12 Allen Avenue, Ikeja, Lagos",
        deliveryMethod: options.deliveryMethod ?? "doorstep",
        holdExpiresAt: options.holdExpiresAt ?? new Date(Date.now() + 24 * 3600_000),
        guestTokenHash: options.guestToken ? hashGuestToken(options.guestToken) : null,
        items: { create: [{ productId: product.id, productName: product.name, quantity, price: product.price }] },
      },
      include: { items: true },
    });
  });
}

/** A receipt file's path as the uploads endpoint would have stored it for this order (its name is
 *  bound to the order: modules/payments/receipt-links.ts receiptNameFor). */
export async function receiptUrl(t: Pick<TestStore, "prisma" | "config">, orderId: string): Promise<string> {
  return `/uploads/receipts/${receiptNameFor(await receiptLinkKey(t.prisma, t.config.receiptLinkSecret), orderId)}.png`;
}

/**
 * A signed-in customer made straight in the database (sign-up is rate-limited per address, and
 * payment tests need many shoppers).
 */
export async function signedInCustomer(t: TestStore, fullName = "Ada Obi"): Promise<{ client: GraphQLClient; userId: string; email: string }> {
  const email = `shopper-${randomBytes(5).toString("hex")}@example.com`;
  const user = await t.prisma.user.create({ data: { email, fullName, passwordHash: "not-used", profile: { create: { fullName } } } });
  const session = await createSession(t.prisma, user.id);
  const client = t.client();
  client.cookie = `${sessionCookieName(false)}=${session.token}`;
  return { client, userId: user.id, email };
}
