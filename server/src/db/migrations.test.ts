// The committed migrations, applied to an empty database, give exactly the schema that
// prisma/schema.prisma describes: compared table by table, column by column, index by index.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../config.ts";
import { migrate } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/databases.ts";
import type { Database } from "./database.ts";

const SHAPE_QUERIES = {
  columns: `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision, numeric_scale
            FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY 1, 2`,
  indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1, 2`,
  constraints: `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
                FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
  enums: `SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY 1, 3`,
};

async function shape(db: Database) {
  const result: Record<string, unknown[]> = {};
  for (const [key, sql] of Object.entries(SHAPE_QUERIES)) {
    result[key] = (await db.query(sql)).filter((row) => (row as { table_name?: string }).table_name !== "_prisma_migrations");
  }
  return result;
}

function schemaSql(): string {
  return execFileSync(
    path.join(PROJECT_ROOT, "node_modules/.bin/prisma"),
    ["migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
    {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
      env: { ...process.env, PRISMA_QUERY_ENGINE_LIBRARY: path.join(PROJECT_ROOT, ".prisma-dummy-engine"), PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
}

let migrated: TestDatabase;
let fromSchema: TestDatabase;
beforeAll(async () => {
  [migrated, fromSchema] = await Promise.all([createTestDatabase({ mode: "postgres" }), createTestDatabase({ mode: "postgres" })]);
}, 60_000);
afterAll(async () => {
  await migrated?.drop();
  await fromSchema?.drop();
});

it("migrations applied to an empty database match schema.prisma", async () => {
  await migrate(migrated.db);
  await fromSchema.db.execScript(schemaSql());
  expect(await shape(migrated.db)).toEqual(await shape(fromSchema.db));
}, 120_000);

it("applying the migrations again changes nothing", async () => {
  expect(await migrate(migrated.db)).toEqual([]);
});
