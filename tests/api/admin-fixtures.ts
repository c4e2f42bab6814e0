// Orders for the admin suites, written straight to the test's database as a checkout would leave
// them (items priced and named, stock already taken). Products: tests/helpers/fixtures.ts.
import { randomBytes } from "node:crypto";
import type { Db } from "../../server/src/db/database.ts";

export async function makeOrder(
  prisma: Db,
  lines: { product: { id: string; name: string; price: { toString(): string } }; quantity: number; size?: string | null }[],
  options: { createdAt?: Date; email?: string; status?: "pending" | "cancelled" | "shipped"; paymentStatus?: "awaiting_transfer" | "expired" } = {},
) {
  const total = lines.reduce((sum, l) => sum + Number(l.product.price.toString()) * l.quantity, 0);
  const order = await prisma.order.create({
    data: {
      shortOrderId: randomBytes(4).toString("hex").toUpperCase(),
      total: total.toFixed(2),
      customerName: "Ada Obi",
      customerEmail: options.email ?? "ada@example.com",
      customerPhone: "08031234567",
      customerAddress: "3 Allen Avenue, Ikeja",
      deliveryMethod: "doorstep",
      status: options.status ?? "pending",
      ...(options.paymentStatus ? { paymentStatus: options.paymentStatus } : {}),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      items: {
        create: lines.map((l) => ({
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
  if (order.status !== "cancelled") {
    for (const l of lines) await prisma.product.update({ where: { id: l.product.id }, data: { stock: { decrement: l.quantity } } });
  }
  return order;
}
