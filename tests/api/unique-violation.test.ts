// Both databases report a duplicate the same way to the services that turn it into a rule message
// (a product slug, a checkout key): PostgreSQL through Prisma's P2002, PGlite as SQLSTATE 23505.
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { isUniqueViolation } from "../../server/src/db/unique-violation.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(async () => {
  await t?.close();
});

async function duplicateSlugError(): Promise<unknown> {
  const existing = await t.prisma.product.findFirstOrThrow({ select: { slug: true, categoryId: true } });
  try {
    await t.prisma.product.create({ data: { name: "Copy", slug: existing.slug, price: "100", stock: 1, categoryId: existing.categoryId } });
  } catch (error) {
    return error;
  }
  throw new Error("the duplicate slug was accepted");
}

describe("a unique violation", () => {
  it("is recognised on this database, and on which column", async () => {
    const error = await duplicateSlugError();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, "slug")).toBe(true);
    expect(isUniqueViolation(error, "idempotency_key")).toBe(false);
  });

  it("is not confused with other failures", async () => {
    const error = await t.prisma.product.update({ where: { id: "00000000-0000-4000-8000-000000000000" }, data: { stock: 1 } }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
  });
});
