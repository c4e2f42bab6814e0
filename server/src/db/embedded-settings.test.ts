// The embedded database runs with the smaller memory settings that keep a small shop's server
// within 600 MiB (decision 028), on its first start and when it reopens an existing data
// directory (PGlite writes them into postgresql.conf at every start), as the real PGlite reports them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "./database.ts";

const EXPECTED = { shared_buffers: "32MB", maintenance_work_mem: "16MB" };

async function settings(db: Database): Promise<Record<string, string>> {
  const rows = await db.query<{ name: string; setting: string }>(
    "SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name",
    [Object.keys(EXPECTED)],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}

describe("embedded database memory settings", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-embedded-settings-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("holds them on the first start and after reopening the data directory", async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(await settings(first)).toEqual(EXPECTED);
    } finally {
      await first.close();
    }
    const reopened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(await settings(reopened)).toEqual(EXPECTED);
    } finally {
      await reopened.close();
    }
    // Two PGlite starts on disk, the first creating the database: 45 s in a CI run of 26 Nov 2026
    // beside the other test projects, and past Jest's 60 s default in the next.
  }, 180_000);
});
