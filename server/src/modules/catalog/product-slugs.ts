// Product addresses. A product keeps every slug it ever had: a rename gives it a new address, and
// the old one (already shared on WhatsApp or printed on a flyer) answers with a permanent redirect
// to it. No other product may take a slug that a product still in the shop used before.
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/database.ts";
import { slugify } from "../../../../common/slug.ts";
import { ValidationError } from "../errors.ts";
import { visibleNow } from "./visibility.ts";

type Tx = Prisma.TransactionClient;

const SLUG_LOCK_ID = 727_072_027;

/** The product a slug names today, or the one it named before a rename; with `visibleAt`, only a
 *  product on sale then (a drop not yet live is not found). `load` reads the product matching the
 *  condition it is given, so each caller chooses what to load and the common case stays one query. */
export async function findProductBySlug<T>(
  prisma: Db | Tx,
  slug: string,
  options: { visibleAt?: Date },
  load: (where: Prisma.ProductWhereInput) => Promise<T | null>,
): Promise<{ product: T; renamed: boolean } | null> {
  const visible = options.visibleAt ? visibleNow(options.visibleAt) : {};
  const current = await load({ slug, ...visible });
  if (current) return { product: current, renamed: false };
  const past = await prisma.productSlug.findUnique({ where: { slug }, select: { productId: true } });
  if (!past) return null;
  const product = await load({ id: past.productId, ...visible });
  return product ? { product, renamed: true } : null;
}

/** findProductBySlug reading only the id and the current slug. */
export async function productBySlug(
  prisma: Db | Tx,
  slug: string,
  options: { visibleAt?: Date } = {},
): Promise<{ id: string; slug: string; renamed: boolean } | null> {
  const found = await findProductBySlug(prisma, slug, options, (where) => prisma.product.findFirst({ where, select: { id: true, slug: true } }));
  return found ? { ...found.product, renamed: found.renamed } : null;
}

/** A slug the admin typed must be free; one derived from the name gets a numeric suffix when taken.
 *  Two admins saving at once take turns (a transaction lock): the unique index guards current slugs,
 *  but only this check guards past ones. */
export async function chooseSlug(tx: Tx, explicit: string | null, name: string, exceptId: string | null): Promise<string> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SLUG_LOCK_ID}::bigint)`;
  const taken = async (slug: string) => {
    const owner = await productBySlug(tx, slug);
    return owner !== null && owner.id !== exceptId;
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

/** After a product moved from one slug to another: the old one is kept as a past slug, and the new
 *  one, if it was a past slug of this product (a rename undone), is current again. */
export async function recordSlugChange(tx: Tx, productId: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx.productSlug.deleteMany({ where: { slug: to, productId } });
  await tx.productSlug.upsert({ where: { slug: from }, create: { slug: from, productId }, update: { productId, retiredAt: new Date() } });
}
