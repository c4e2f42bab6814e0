// The admin payments queue: orders under review, the longest-waiting first.
import type { Db } from "../../db/database.ts";

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

export async function paymentCounts(prisma: Db) {
  const groups = await prisma.order.groupBy({ by: ["paymentStatus"], where: { status: { not: "cancelled" } }, _count: { _all: true } });
  const count = (status: string) => groups.find((g) => g.paymentStatus === status)?._count._all ?? 0;
  return { underReview: count("under_review"), awaitingTransfer: count("awaiting_transfer") };
}
