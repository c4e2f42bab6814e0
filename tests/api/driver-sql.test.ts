// The storefront's hot reads run on the driver (database.ts `sql`), not through Prisma: their rows
// must be what Prisma's $queryRaw would give for the same statement, on both databases, or a price
// would reach GraphQL as text and a money field would break.
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { migrate } from "../../server/src/db/migrate.ts";
import { Prisma } from "../../server/src/generated/prisma/client.ts";

let t: TestDatabase;
const seen: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase({ onQuery: (sql) => seen.push(sql) });
  await migrate(t.db);
});
afterAll(() => t.drop());

test("numeric comes back as Prisma.Decimal (null stays null), dates as Date, like $queryRaw", async () => {
  const statement = Prisma.sql`SELECT ${"12500.50"}::numeric(12,2) AS price, NULL::numeric AS "originalPrice", ${new Date("2026-11-24T10:00:00Z")}::timestamptz AS at, 3::int AS count, 'M' AS size`;
  const [direct] = await t.db.sql<Record<string, unknown>>(statement);
  const [viaPrisma] = await t.db.prisma.$queryRaw<Record<string, unknown>[]>(statement);
  expect(direct!.price).toBeInstanceOf(Prisma.Decimal);
  expect((direct!.price as Prisma.Decimal).toFixed(2)).toBe("12500.50");
  expect(direct!.originalPrice).toBeNull();
  expect(direct!.at).toBeInstanceOf(Date);
  expect(String(direct!.price)).toBe(String(viaPrisma!.price));
  expect((direct!.at as Date).toISOString()).toBe((viaPrisma!.at as Date).toISOString());
  expect(direct!.count).toBe(viaPrisma!.count);
  expect(direct!.size).toBe(viaPrisma!.size);
});

test("its statements are reported like Prisma's (statement-count tests see them)", async () => {
  seen.length = 0;
  await t.db.sql(Prisma.sql`SELECT ${1}::int AS one`);
  expect(seen).toEqual(["SELECT $1::int AS one"]);
});
