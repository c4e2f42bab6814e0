// Test data written straight to a test's database. One product maker for every suite: a fresh
// product (unique slug) with the fields the test cares about; the rest are plain defaults.
import { randomBytes } from "node:crypto";
import type { Db } from "../../server/src/db/database.ts";
import type { Prisma } from "../../server/src/generated/prisma/client.ts";
import { slugify } from "../../common/slug.ts";

export type ProductFixture = Partial<Omit<Prisma.ProductUncheckedCreateInput, "categoryId">> & {
  /** A category by its slug (e.g. "ladies-tops"), as the demo catalogue seeds them. */
  category?: string;
};

/** Defaults: "Test item …", ₦12,500, 1 in stock, size M, no category; the slug follows the name. */
export async function makeProduct(prisma: Db, fields: ProductFixture = {}) {
  const { category, ...data } = fields;
  const suffix = randomBytes(4).toString("hex");
  const name = data.name ?? `Test item ${suffix}`;
  const categoryId = category ? (await prisma.category.findUniqueOrThrow({ where: { slug: category } })).id : undefined;
  return prisma.product.create({
    data: { price: "12500.00", stock: 1, size: "M", ...data, name, slug: data.slug ?? `${slugify(name)}-${suffix}`, categoryId },
  });
}
