// One-off for stores that used Cloudinary before decision 031 (2026-11-26): receipts uploaded then
// are public `upload` assets whose res.cloudinary.com URL anyone holding it can open. Each is made
// `authenticated` at Cloudinary (same public id, CDN copies purged) and its row pointed at the
// private path. Safe to run again: rows already moved are not looked at, and an asset moved by a
// run that stopped before its row was updated is recognised. Run by server/scripts/protect-cloudinary-receipts.ts.
import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../storage/storage.ts";

export interface ProtectReport {
  protected: number;
  failed: { receiptId: string; error: string }[];
}

const PUBLIC_CLOUDINARY = "https://res.cloudinary.com/";

export async function protectPublicReceipts(prisma: Db, storage: FileStorage): Promise<ProtectReport> {
  if (!storage.protectReceipt) throw new Error("Receipts can only be protected with CLOUDINARY_URL set");
  const report: ProtectReport = { protected: 0, failed: [] };
  const rows = await prisma.paymentReceipt.findMany({ where: { fileUrl: { startsWith: PUBLIC_CLOUDINARY } }, select: { id: true, fileUrl: true }, orderBy: { createdAt: "asc" } });
  // One at a time: a few hundred receipts at most, and Cloudinary rate-limits its Upload API.
  for (const row of rows) {
    try {
      const path = await storage.protectReceipt(row.fileUrl);
      if (!path) throw new Error("not a receipt URL this store made");
      await prisma.paymentReceipt.update({ where: { id: row.id }, data: { fileUrl: path } });
      report.protected++;
    } catch (error) {
      report.failed.push({ receiptId: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
