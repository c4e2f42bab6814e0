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
import { MEASUREMENTS } from "../../../../common/measurements.ts";
import { toLagosDateTimeInput } from "../../../../common/lagos-time-input.ts";

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

type StoredProduct = NonNullable<Awaited<ReturnType<Tx["product"]["findUnique"]>>>;

/** Named fields replace, a nested object's named keys replace, absent ones keep the stored value. */
function mergeGiven<T extends object>(stored: T, given: T | null | undefined): T | null {
  if (given === undefined) return stored;
  if (given === null) return null;
  return { ...stored, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
}

/**
 * An edit changes what its input names: a field left out keeps its stored value, so a client that
 * sends only some fields (an older admin client, a developer fixing one price from the explorer)
 * never clears the rest; null or empty clears, as the admin dialog sends for an emptied field.
 * The result is checked as a whole product (e.g. a new price against the stored original price).
 */
function withStoredFields(input: ProductInput, stored: StoredProduct): ProductInput {
  const kept = <K extends keyof ProductInput>(key: K, value: ProductInput[K]): ProductInput[K] => (input[key] === undefined ? value : input[key]);
  const measurements: NonNullable<ProductInput["measurements"]> = Object.fromEntries(MEASUREMENTS.map(({ key }) => [key, stored[`${key}Cm`]?.toString() ?? null]));
  const bale: NonNullable<ProductInput["bale"]> = { pieces: stored.balePieces, weightKg: stored.baleWeightKg?.toString() ?? null, grade: stored.baleGrade, mix: stored.baleMix };
  return {
    ...input,
    slug: kept("slug", stored.slug),
    originalPrice: kept("originalPrice", stored.originalPrice?.toFixed(2) ?? null),
    categoryId: kept("categoryId", stored.categoryId),
    imageUrl: kept("imageUrl", stored.imageUrl),
    galleryUrls: kept("galleryUrls", stored.galleryUrls),
    size: kept("size", stored.size),
    description: kept("description", stored.description),
    goesLiveAt: kept("goesLiveAt", stored.goesLiveAt ? toLagosDateTimeInput(stored.goesLiveAt) : null),
    condition: kept("condition", stored.condition),
    flawNotes: kept("flawNotes", stored.flawNotes),
    flawPhotoUrls: kept("flawPhotoUrls", stored.flawPhotoUrls),
    measurements: mergeGiven(measurements, input.measurements),
    bale: mergeGiven(bale, input.bale),
  };
}

export const stockChangedMessage = (stock: number) =>
  `The stock changed to ${stock} while you were editing (a sale, or someone else's edit). Check it and save again.`;

/**
 * `stockWas`: the stock the editor's form was opened with. Given, a sale since then is not undone:
 * a stock left as it was keeps the current count, and one changed by both is refused. Without it
 * (an older client, the explorer) the stock given is written as it is.
 */
export async function updateProduct(prisma: Db, actor: Actor, id: string, input: ProductInput, stockWas?: number | null) {
  invariant(isUuid(id), "Product not found", "id");
  try {
    return await prisma.$transaction(async (tx) => {
      // The row's lock: a sale waits for this edit, or this edit reads the sale's count.
      await tx.$queryRaw`SELECT id FROM products WHERE id = ${id}::uuid FOR UPDATE`;
      const before = await tx.product.findUnique({ where: { id } });
      if (!before) throw new NotFoundError("Product not found");
      const data = validateProductInput(withStoredFields(input, before));
      if (stockWas !== undefined && stockWas !== null && before.stock !== stockWas) {
        if (data.stock !== stockWas) throw new ValidationError(stockChangedMessage(before.stock), "stock");
        data.stock = before.stock;
      }
      // Kept to the millisecond: the form's minutes would move a drop time given with seconds.
      if (input.goesLiveAt === undefined) data.goesLiveAt = before.goesLiveAt;
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
