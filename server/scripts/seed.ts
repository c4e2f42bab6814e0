// `npm run db:seed`: migrations, demo catalogue (once) and the admin account.
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { prepareDatabase } from "../src/server.ts";

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir });
try {
  await prepareDatabase({ ...config, seedDemo: true }, db);
  console.log("Seed complete");
} finally {
  await db.close();
}
