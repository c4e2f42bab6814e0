// The signed-in shopper's cart: one row per product, quantity 1..stock, enforced here.
// Guest carts live in the browser and are merged in at sign-in (mergeGuestCart).
import type { Db } from "../../db/database.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { onlyInStockMessage } from "../../../../common/checkout.ts";
import { isVisibleAt, visibleNow, NOT_LIVE_YET } from "../catalog/visibility.ts";
import { isUuid } from "../../../../common/uuid.ts";

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 1000;

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw new ValidationError("Quantity must be at least 1", "quantity");
  if (quantity > MAX_LINE_QUANTITY) throw new ValidationError(`Quantity must be at most ${MAX_LINE_QUANTITY}`, "quantity");
}

const PRODUCT_NOT_FOUND = "Product not found";
const ITEM_NOT_FOUND = "Cart item not found";

type Tx = Prisma.TransactionClient;

/** Adding a product already in the cart increments it; the result may not exceed the stock. */
export async function addToCart(prisma: Db, userId: string, productId: string, quantity: number) {
  checkQuantity(quantity);
  if (!isUuid(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    const product = await tx.product.findUnique({ where: { id: productId }, select: { stock: true, goesLiveAt: true } });
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
    if (!isVisibleAt(product)) throw new ValidationError(NOT_LIVE_YET, "productId");
    if (product.stock <= 0) throw new ValidationError(onlyInStockMessage(0), "quantity");
    // One statement so two quick taps on "Add" cannot lose an increment.
    const item = await tx.cartItem.upsert({
      where: { userId_productId: { userId, productId } },
      create: { userId, productId, quantity },
      update: { quantity: { increment: quantity } },
    });
    if (item.quantity > product.stock) throw new ValidationError(onlyInStockMessage(product.stock), "quantity");
    return item;
  });
}

async function ownItem(tx: Tx | Db, userId: string, itemId: string) {
  // Another shopper's item answers exactly like a missing one: ids cannot be probed.
  const item = isUuid(itemId)
    ? await tx.cartItem.findFirst({ where: { id: itemId, userId }, include: { product: { select: { stock: true } } } })
    : null;
  if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
  return item;
}

export async function updateCartItem(prisma: Db, userId: string, itemId: string, quantity: number) {
  checkQuantity(quantity);
  return prisma.$transaction(async (tx) => {
    const item = await ownItem(tx, userId, itemId);
    if (quantity > item.product.stock) throw new ValidationError(onlyInStockMessage(item.product.stock), "quantity");
    return tx.cartItem.update({ where: { id: item.id }, data: { quantity } });
  });
}

export async function removeCartItem(prisma: Db, userId: string, itemId: string): Promise<string> {
  const item = await ownItem(prisma, userId, itemId);
  await prisma.cartItem.deleteMany({ where: { id: item.id, userId } });
  return item.id;
}

export interface GuestCartLine {
  productId: string;
  quantity: number;
}

/** Sums duplicate lines and drops malformed ones: a browser's storage is not to be trusted. */
export function cleanGuestLines(lines: GuestCartLine[]): GuestCartLine[] {
  if (lines.length > MAX_CART_LINES) throw new ValidationError(`A cart can hold at most ${MAX_CART_LINES} different items`, "items");
  const byProduct = new Map<string, number>();
  for (const line of lines) {
    if (!isUuid(line.productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
    checkQuantity(line.quantity);
    byProduct.set(line.productId.toLowerCase(), (byProduct.get(line.productId.toLowerCase()) ?? 0) + line.quantity);
  }
  return [...byProduct].map(([productId, quantity]) => ({ productId, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }));
}

/**
 * Merges a guest cart into the signed-in shopper's cart (DESIGN §6.6): quantities add, capped at
 * the stock; unknown and sold-out products are skipped rather than failing the sign-in.
 */
export async function mergeGuestCart(prisma: Db, userId: string, lines: GuestCartLine[]): Promise<void> {
  const valid = lines
    .filter((l) => isUuid(l.productId) && Number.isInteger(l.quantity) && l.quantity > 0)
    .slice(0, MAX_CART_LINES)
    .map((l) => ({ productId: l.productId, quantity: Math.min(l.quantity, MAX_LINE_QUANTITY) }));
  if (!valid.length) return;
  const clean = cleanGuestLines(valid);
  await prisma.$transaction(async (tx) => {
    const ids = clean.map((l) => l.productId);
    const [products, existing] = await Promise.all([
      // A drop not yet live is skipped like an unknown product.
      tx.product.findMany({ where: { id: { in: ids }, ...visibleNow() }, select: { id: true, stock: true } }),
      tx.cartItem.findMany({ where: { userId, productId: { in: ids } } }),
    ]);
    const stock = new Map(products.map((p) => [p.id, p.stock]));
    const inCart = new Map(existing.map((i) => [i.productId, i]));
    for (const line of clean) {
      const available = stock.get(line.productId) ?? 0;
      if (available <= 0) continue;
      const current = inCart.get(line.productId);
      const quantity = Math.min((current?.quantity ?? 0) + line.quantity, available);
      if (current) {
        if (quantity !== current.quantity) await tx.cartItem.update({ where: { id: current.id }, data: { quantity } });
      } else {
        await tx.cartItem.create({ data: { userId, productId: line.productId, quantity } });
      }
    }
  });
}

/** Product ids of a guest cart, validated, for one `id IN (...)` query. */
export function guestCartProductIds(ids: string[]): string[] {
  if (ids.length > MAX_CART_LINES) throw new ValidationError(`A cart can hold at most ${MAX_CART_LINES} different items`, "ids");
  return [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
}
