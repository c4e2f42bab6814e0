// Admin catalogue commands: add, edit and delete products. Price and stock changes and deletions
// are audited; orders keep their item names and prices because order_items store them.
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { slugify } from "../../../../common/slug.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { NotFoundError, ValidationError, invariant } from "../errors.ts";

export interface ProductInput {
  name: string;
  slug?: string | null;
  price: string;
  originalPrice?: string | null;
  stock: number;
  categoryId?: string | null;
  imageUrl?: string | null;
  galleryUrls?: string[] | null;
  size?: string | null;
  description?: string | null;
}

export const PRODUCT_LIMITS = { name: 200, slug: 200, size: 30, description: 5000, stock: 1_000_000, gallery: 10, url: 1000 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

/** Empty text becomes null (SPEC §5: empty category, image, size and slug become null). */
function blankToNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  return text ? text : null;
}

/** Our own upload URLs (/uploads/…, /images/…) or an absolute http(s) URL (Cloudinary). */
function imageUrlOk(url: string): boolean {
  if (url.length > PRODUCT_LIMITS.url) return false;
  if (/^\/(uploads|images)\/[^\s]+$/.test(url)) return true;
  return /^https?:\/\/[^\s]+$/.test(url);
}

export function validateProductInput(input: ProductInput) {
  const name = input.name.trim();
  invariant(name, "Product name is required", "name");
  invariant(name.length <= PRODUCT_LIMITS.name, `Name must be at most ${PRODUCT_LIMITS.name} characters`, "name");
  const price = input.price.trim();
  invariant(MONEY.test(price) && Number(price) > 0, "Price must be a positive amount of naira", "price");
  const originalPrice = blankToNull(input.originalPrice);
  if (originalPrice !== null) {
    invariant(MONEY.test(originalPrice), "Original price must be an amount of naira", "originalPrice");
    invariant(Number(originalPrice) > Number(price), "Original price must be higher than the price", "originalPrice");
  }
  invariant(
    Number.isInteger(input.stock) && input.stock >= 0 && input.stock <= PRODUCT_LIMITS.stock,
    "Stock must be a whole number of 0 or more",
    "stock",
  );
  const categoryId = blankToNull(input.categoryId);
  invariant(categoryId === null || UUID.test(categoryId), "Choose a category from the list", "categoryId");
  const slugText = blankToNull(input.slug);
  const slug = slugText === null ? null : slugify(slugText);
  invariant(slugText === null || slug, "The slug must contain letters or digits", "slug");
  invariant(!slug || slug.length <= PRODUCT_LIMITS.slug, `Slug must be at most ${PRODUCT_LIMITS.slug} characters`, "slug");
  const imageUrl = blankToNull(input.imageUrl);
  invariant(imageUrl === null || imageUrlOk(imageUrl), "Image must be an uploaded image URL", "imageUrl");
  const galleryUrls = (input.galleryUrls ?? []).map((u) => u.trim()).filter(Boolean);
  invariant(galleryUrls.length <= PRODUCT_LIMITS.gallery, `At most ${PRODUCT_LIMITS.gallery} gallery images`, "galleryUrls");
  invariant(galleryUrls.every(imageUrlOk), "Gallery images must be uploaded image URLs", "galleryUrls");
  const size = blankToNull(input.size);
  invariant(!size || size.length <= PRODUCT_LIMITS.size, `Size must be at most ${PRODUCT_LIMITS.size} characters`, "size");
  const description = blankToNull(input.description);
  invariant(
    !description || description.length <= PRODUCT_LIMITS.description,
    `Description must be at most ${PRODUCT_LIMITS.description} characters`,
    "description",
  );
  return { name, slug, price, originalPrice, stock: input.stock, categoryId, imageUrl, galleryUrls, size, description };
}

type Tx = Prisma.TransactionClient;

async function ensureCategory(tx: Tx, categoryId: string | null) {
  if (!categoryId) return;
  const found = await tx.category.findUnique({ where: { id: categoryId }, select: { id: true } });
  invariant(found, "Choose a category from the list", "categoryId");
}

/** A slug the admin typed must be free; one derived from the name gets a numeric suffix when taken. */
async function chooseSlug(tx: Tx, explicit: string | null, name: string, exceptId: string | null): Promise<string> {
  const taken = async (slug: string) => {
    const row = await tx.product.findUnique({ where: { slug }, select: { id: true } });
    return row !== null && row.id !== exceptId;
  };
  if (explicit) {
    if (await taken(explicit)) throw new ValidationError(`Another product already uses the slug "${explicit}"`, "slug");
    return explicit;
  }
  const base = slugify(name) || "product";
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new ValidationError("Choose a slug for this product", "slug");
}

function snapshot(p: { price: Prisma.Decimal; originalPrice: Prisma.Decimal | null; stock: number; name: string }) {
  return { name: p.name, price: p.price.toFixed(2), originalPrice: p.originalPrice?.toFixed(2) ?? null, stock: p.stock };
}

function uniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function createProduct(prisma: Db, actor: Actor, input: ProductInput) {
  const data = validateProductInput(input);
  try {
    return await prisma.$transaction(async (tx) => {
      await ensureCategory(tx, data.categoryId);
      const slug = await chooseSlug(tx, data.slug, data.name, null);
      const product = await tx.product.create({ data: { ...data, slug } });
      await recordAudit(tx, { actor, action: "product.create", entityType: "product", entityId: product.id, after: snapshot(product) });
      return product;
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new ValidationError("Another product already uses this slug", "slug");
    throw error;
  }
}

export async function updateProduct(prisma: Db, actor: Actor, id: string, input: ProductInput) {
  invariant(UUID.test(id), "Product not found", "id");
  const data = validateProductInput(input);
  try {
    return await prisma.$transaction(async (tx) => {
      const before = await tx.product.findUnique({ where: { id } });
      if (!before) throw new NotFoundError("Product not found");
      await ensureCategory(tx, data.categoryId);
      const slug = await chooseSlug(tx, data.slug, data.name, id);
      const product = await tx.product.update({ where: { id }, data: { ...data, slug } });
      const was = snapshot(before);
      const now = snapshot(product);
      if (was.price !== now.price || was.originalPrice !== now.originalPrice || was.stock !== now.stock) {
        await recordAudit(tx, { actor, action: "product.update", entityType: "product", entityId: id, before: was, after: now });
      }
      return product;
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new ValidationError("Another product already uses this slug", "slug");
    throw error;
  }
}

/** Deletes a product; order items keep their stored name and price (product_id becomes null). */
export async function deleteProduct(prisma: Db, actor: Actor, id: string): Promise<string> {
  invariant(UUID.test(id), "Product not found", "id");
  return prisma.$transaction(async (tx) => {
    const before = await tx.product.findUnique({ where: { id } });
    if (!before) throw new NotFoundError("Product not found");
    await tx.product.delete({ where: { id } });
    await recordAudit(tx, { actor, action: "product.delete", entityType: "product", entityId: id, before: snapshot(before) });
    return id;
  });
}
