// The storefront's hot reads run on the driver (database.ts `sql`), not through Prisma: their rows
// must be what Prisma's $queryRaw would give for the same statement, on both databases, or a price
// would reach GraphQL as text and a money field would break. The checkout runs in the driver's own
// transactions (database.ts `transaction`): what the work wrote is committed when it returns and
// gone when it throws, and a duplicate is recognised as such (isUniqueViolation) as through Prisma.
import { createTestDatabase, type TestDatabase } from "../helpers/databases.ts";
import { migrate } from "../../server/src/db/migrate.ts";
import { Prisma } from "../../server/src/generated/prisma/client.ts";
import { isUniqueViolation } from "../../server/src/db/unique-violation.ts";
import { makeProduct } from "../helpers/fixtures.ts";

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

const stockOf = async (id: string) => (await t.db.prisma.product.findUniqueOrThrow({ where: { id } })).stock;

describe("a transaction on the driver", () => {
  it("commits what its work wrote, and hands back its answer, numeric columns as Decimal", async () => {
    const product = await makeProduct(t.db.prisma, { stock: 3, price: "4500.50" });
    const [row] = await t.db.transaction((sql) =>
      sql<{ stock: number; price: Prisma.Decimal }>(Prisma.sql`UPDATE products SET stock = stock - 1 WHERE id = ${product.id}::uuid RETURNING stock, price`),
    );
    expect(row!.stock).toBe(2);
    expect(row!.price).toBeInstanceOf(Prisma.Decimal);
    expect(row!.price.toFixed(2)).toBe("4500.50");
    expect(await stockOf(product.id)).toBe(2);
  });

  it("rolls back everything when its work throws, passes the error on, and the database serves the next one", async () => {
    const product = await makeProduct(t.db.prisma, { stock: 3 });
    const refusal = new Error("refused half-way");
    const outcome = await t.db
      .transaction(async (sql) => {
        await sql(Prisma.sql`UPDATE products SET stock = 0 WHERE id = ${product.id}::uuid`);
        throw refusal;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(refusal);
    expect(await stockOf(product.id)).toBe(3);
    // A Decimal value goes as its plain text, not as JSON.
    await t.db.transaction((sql) => sql(Prisma.sql`UPDATE products SET price = ${new Prisma.Decimal("999.99")}::numeric WHERE id = ${product.id}::uuid`));
    expect((await t.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).price.toFixed(2)).toBe("999.99");
  });

  it("reports a duplicate as a unique violation on its column, and undoes the work before it", async () => {
    const [first, second] = [await makeProduct(t.db.prisma, { stock: 1 }), await makeProduct(t.db.prisma, { stock: 1 })];
    const error = await t.db
      .transaction(async (sql) => {
        await sql(Prisma.sql`UPDATE products SET stock = 7 WHERE id = ${second.id}::uuid`);
        await sql(Prisma.sql`UPDATE products SET slug = ${first.slug} WHERE id = ${second.id}::uuid`);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, "slug")).toBe(true);
    expect(isUniqueViolation(error, "idempotency_key")).toBe(false);
    expect(await stockOf(second.id)).toBe(1);
  });
});
