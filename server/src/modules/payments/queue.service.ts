// The admin's Payments tab: orders with a receipt under review (the longest-waiting first), orders
// awaiting a transfer with no receipt (the oldest hold first), and the counts of both. "Awaiting
// payment" is awaiting-payment.ts.
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { awaitingPayment } from "./awaiting-payment.ts";

const QUEUE_LIMIT = 100;

/** Ids of orders under review, ordered by when their latest receipt arrived (oldest first). */
export async function paymentsQueueIds(prisma: Db): Promise<string[]> {
  const waiting = await prisma.paymentReceipt.groupBy({
    by: ["orderId"],
    where: { order: { paymentStatus: "under_review" } },
    _max: { createdAt: true },
    orderBy: { _max: { createdAt: "asc" } },
    take: QUEUE_LIMIT,
  });
  return waiting.map((w) => w.orderId);
}

/**
 * Orders awaiting payment with no receipt to review (the shopper transferred and sent nothing, or
 * sent it on WhatsApp): the admin marks them paid from the bank statement. The hold that ends first
 * comes first; orders without a hold last, oldest first.
 */
export function awaitingTransferQuery(): { where: Prisma.OrderWhereInput; orderBy: Prisma.OrderOrderByWithRelationInput[]; take: number } {
  return {
    where: { AND: [awaitingPayment(), { paymentStatus: "awaiting_transfer" }] },
    orderBy: [{ holdExpiresAt: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }],
    take: QUEUE_LIMIT,
  };
}

export async function paymentCounts(prisma: Db) {
  const groups = await prisma.order.groupBy({ by: ["paymentStatus"], where: awaitingPayment(), _count: { _all: true } });
  const count = (status: string) => groups.find((g) => g.paymentStatus === status)?._count._all ?? 0;
  return { underReview: count("under_review"), awaitingTransfer: count("awaiting_transfer") };
}
