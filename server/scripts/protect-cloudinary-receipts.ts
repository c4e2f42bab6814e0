// `npx tsx server/scripts/protect-cloudinary-receipts.ts` with the store's CLOUDINARY_URL and
// database settings: makes receipts stored public on Cloudinary before decision 031 authenticated.
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { selectStorage } from "../src/storage/select.ts";
import { protectPublicReceipts } from "../src/modules/payments/protect-receipts.ts";

const config = loadConfig();
if (!config.cloudinaryUrl) {
  console.error("CLOUDINARY_URL is not set: receipts are on local disk and already private.");
  process.exit(1);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir });
try {
  const report = await protectPublicReceipts(db.prisma, await selectStorage(config));
  console.log(`Receipts made authenticated at Cloudinary: ${report.protected}`);
  for (const failure of report.failed) console.error(`Receipt ${failure.receiptId} not moved: ${failure.error}`);
  process.exitCode = report.failed.length ? 1 : 0;
} finally {
  await db.close();
}
