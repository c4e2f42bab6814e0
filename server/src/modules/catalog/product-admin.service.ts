// Admin catalogue commands: add, edit and delete products. Price and stock changes and deletions
// are audited; orders keep their item names and prices because order_items store them.
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { checkProduct, hasBaleDetails, type ProductFields, type ProductFieldsInput } from "../../../../common/product-validation.ts";
import { chooseSlug, recordSlugChange } from "./product-slugs.ts";
import { moveRemindersWithDrop } from "../drops/drops.service.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";

export type ProductInput = ProductFieldsInput;


/** The shared product rule (common/product-validation.ts), as a ValidationError on the first problem. */
export function validateProductInput(input: ProductInput): ProductFields {
  const checked = checkProduct(input);
  if (!checked.ok) throw new ValidationError(checked.message, checked.field);
  return checked.product;
}

type Tx = Prisma.TransactionClient;

async function ensureCategory(tx: Tx, data: ProductFields) {
  const found = data.categoryId ? await tx.category.findUnique({ where: { id: data.categoryId }, select: { main: true } }) : null;
  if (data.categoryId) invariant(found, "Choose a category from the list", "categoryId");
  if (hasBaleDetails(data)) invariant(found?.main === "Bales", "Bale details are only for products in the Bales category", "balePieces");
}

function snapshot(p: { price: Prisma.Decimal; originalPrice: Prisma.Decimal | null; stock: number; name: string }) {
  return { name: p.name, price: p.price.toFixed(2), originalPrice: p.originalPrice?.toFixed(2) ?? null, stock: p.stock };
}

export async function createProduct(prisma: Db, actor: Actor, input: ProductInput) {
  const data = validateProductInput(input);
  try {
    return await prisma.$transaction(async (tx) => {
      await ensureCategory(tx, data);
      const slug = await chooseSlug(tx, data.slug, data.name, null);
      const product = await tx.product.create({ data: { ...data, slug } });
      await recordAudit(tx, { actor, action: "product.create", entityType: "product", entityId: product.id, after: snapshot(product) });
      return product;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError("Another product already uses this slug", "slug");
    throw error;
  }
}

export async function updateProduct(prisma: Db, actor: Actor, id: string, input: ProductInput) {
  invariant(isUuid(id), "Product not found", "id");
  const data = validateProductInput(input);
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await tx.product.findUnique({ where: { id } });
      if (!before) throw new NotFoundError("Product not found");
      await ensureCategory(tx, data);
      const slug = await chooseSlug(tx, data.slug, data.name, id);
      const product = await tx.product.update({ where: { id }, data: { ...data, slug } });
      await recordSlugChange(tx, id, before.slug, slug);
      await moveRemindersWithDrop(tx, before.goesLiveAt, product.goesLiveAt);
      const was = snapshot(before);
      const now = snapshot(product);
      if (was.price !== now.price || was.originalPrice !== now.originalPrice || was.stock !== now.stock) {
        await recordAudit(tx, { actor, action: "product.update", entityType: "product", entityId: id, before: was, after: now });
      }
      return product;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError("Another product already uses this slug", "slug");
    throw error;
  }
}

/** Deletes a product; order items keep their stored name and price (product_id becomes null). */
export async function deleteProduct(prisma: Db, actor: Actor, id: string): Promise<string> {
  invariant(isUuid(id), "Product not found", "id");
  return prisma.$transaction(async (tx) => {
    const before = await tx.product.findUnique({ where: { id } });
    if (!before) throw new NotFoundError("Product not found");
    await tx.product.delete({ where: { id } });
    await recordAudit(tx, { actor, action: "product.delete", entityType: "product", entityId: id, before: snapshot(before) });
    return id;
  });
}
