// The driver's statements are prepared once per connection on a direct PostgreSQL connection (so
// PostgreSQL parses and plans a checkout's statements once, not on every order), never behind a
// pooler (tests/cluster/pgbouncer.test.ts takes checkouts through one), and at most MAX_PREPARED
// distinct ones per process.
import { Prisma } from "../generated/prisma/client.ts";
import { createPostgresDatabase } from "../../../tests/helpers/databases.ts";
import { openDatabase, type Database } from "./database.ts";

let created: { url: string; drop(): Promise<void> };
let db: Database;

beforeAll(async () => {
  created = await createPostgresDatabase();
  // One connection: every statement below meets the same session and its prepared statements.
  db = await openDatabase({ databaseUrl: created.url, dataDir: null, pool: { size: 1 } });
});

afterAll(async () => {
  await db?.close();
  await created?.drop();
});

const prepared = () => db.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements");

it("a statement run twice on a connection is prepared there once, under a name, with its values bound each time", async () => {
  const square = (n: number) => db.sql<{ n: number }>(Prisma.sql`SELECT ${n}::int * ${n}::int AS n`);
  expect(await square(3)).toEqual([{ n: 9 }]);
  expect(await square(4)).toEqual([{ n: 16 }]);
  await db.transaction(async (sql) => sql(Prisma.sql`SELECT ${5}::int * ${5}::int AS n`));
  const squares = (await prepared()).filter((row) => row.statement.includes("::int * $2::int"));
  expect(squares).toHaveLength(1);
  expect(squares[0]!.name).toMatch(/^s[\w-]{27}$/);
});

it("beyond 500 distinct statements, the rest run unnamed: a process never fills a connection with plans", async () => {
  for (let i = 0; i < 520; i++) await db.sql(Prisma.raw(`SELECT ${i} AS distinct_statement`));
  const all = await prepared();
  expect(all.length).toBeLessThanOrEqual(500);
  expect(all.length).toBeGreaterThan(480);
  expect(all.some((row) => row.statement === "SELECT 519 AS distinct_statement")).toBe(false);
  // Unnamed, they still run.
  expect(await db.sql(Prisma.raw("SELECT 519 AS distinct_statement"))).toEqual([{ distinct_statement: 519 }]);
});

// Not about prepared statements, but about this same connection's limits (CI of b643aaf, 28 Nov 2026:
// a test order's transaction on a loaded machine outlasted Prisma's 5 s default and was rolled back).
it("an interactive transaction is allowed longer than Prisma's 5 s: 6 s of statements, each within the statement limit, commit", async () => {
  const marker = `tx-${Date.now()}`;
  await db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("CREATE TEMP TABLE IF NOT EXISTS long_tx (marker text)");
    await tx.$executeRaw`SELECT pg_sleep(3)`;
    await tx.$executeRaw`INSERT INTO long_tx VALUES (${marker})`;
    await tx.$executeRaw`SELECT pg_sleep(3)`;
  });
  expect(await db.query<{ marker: string }>("SELECT marker FROM long_tx")).toEqual([{ marker }]);
}, 30_000);
