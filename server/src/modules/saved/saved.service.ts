// Saved items of a signed-in shopper: one row per product (saving twice changes nothing), at most
// MAX_SAVED_ITEMS, rows go with their product. A guest's list lives in the browser and is merged in
// at sign-in (mergeSavedItems), as the guest cart is.
import type { Db } from "../../db/database.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { visibleNow } from "../catalog/visibility.ts";
import { isProductId, MAX_SAVED_ITEMS } from "../../../../common/saved-items.ts";

const PRODUCT_NOT_FOUND = "Product not found";
const FULL = `You can save at most ${MAX_SAVED_ITEMS} items. Remove some to save more.`;

function checkProductId(productId: string): string {
  if (!isProductId(productId)) throw new ValidationError("Not a valid product id", "productId");
  return productId.toLowerCase();
}

/** Product ids as the browser sent them: at most MAX_SAVED_ITEMS, each a UUID (else nothing is done). */
export function checkProductIds(ids: string[], field = "productIds"): string[] {
  if (ids.length > MAX_SAVED_ITEMS) throw new ValidationError(`At most ${MAX_SAVED_ITEMS} product ids at a time`, field);
  const bad = ids.findIndex((id) => !isProductId(id));
  if (bad >= 0) throw new ValidationError(`Product id number ${bad + 1} is not a valid product id`, field);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** Saving an item already saved keeps it as it was (idempotent). */
export async function saveItem(prisma: Db, userId: string, productId: string): Promise<void> {
  const id = checkProductId(productId);
  await prisma.$transaction(async (tx) => {
    // The shopper's row locked: two quick saves cannot both pass the limit.
    await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    // A drop not yet live is not found (visibility.ts).
    const product = await tx.product.findFirst({ where: { id, ...visibleNow() }, select: { id: true } });
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const existing = await tx.savedItem.findUnique({ where: { userId_productId: { userId, productId: id } }, select: { userId: true } });
    if (existing) return;
    if ((await tx.savedItem.count({ where: { userId } })) >= MAX_SAVED_ITEMS) throw new ValidationError(FULL, "productId");
    await tx.savedItem.create({ data: { userId, productId: id } });
  });
}

/** Removing an item that is not saved is not an error: the result is the same. */
export async function unsaveItem(prisma: Db, userId: string, productId: string): Promise<string> {
  const id = checkProductId(productId);
  await prisma.savedItem.deleteMany({ where: { userId, productId: id } });
  return id;
}

/**
 * A guest's list merged into the account's at sign-in (idempotent: merging twice adds nothing).
 * Products deleted since the guest saved them are skipped; past the limit, the rest are left out
 * rather than failing the sign-in. A bad id refuses the whole list, and nothing is saved.
 */
export async function mergeSavedItems(prisma: Db, userId: string, productIds: string[]): Promise<void> {
  const ids = checkProductIds(productIds);
  if (!ids.length) return;
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    const [products, existing] = await Promise.all([
      tx.product.findMany({ where: { id: { in: ids }, ...visibleNow() }, select: { id: true } }),
      tx.savedItem.findMany({ where: { userId }, select: { productId: true } }),
    ]);
    const known = new Set(products.map((p) => p.id));
    const saved = new Set(existing.map((s) => s.productId));
    const room = Math.max(0, MAX_SAVED_ITEMS - saved.size);
    const added = ids.filter((id) => known.has(id) && !saved.has(id)).slice(0, room);
    if (added.length) await tx.savedItem.createMany({ data: added.map((productId) => ({ userId, productId })), skipDuplicates: true });
  });
}
