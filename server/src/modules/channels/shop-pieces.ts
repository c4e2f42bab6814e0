// The pieces a shopper can open right now, in the shape the selling channels need (sitemap, Meta and
// Google feeds, decision 029). One read for all of them, under the storefront's one visibility rule
// (catalog/visibility.ts), so a drop that is not live yet is absent exactly as on the product page.
import type { Db } from "../../db/database.ts";
import type { ProductCondition } from "../../generated/prisma/client.ts";
import { visibleNow } from "../catalog/visibility.ts";

export interface ShopPiece {
  id: string;
  name: string;
  slug: string;
  /** Money as the API answers it (decimal strings with two places, decision 003). */
  price: string;
  originalPrice: string | null;
  imageUrl: string | null;
  galleryUrls: string[];
  size: string | null;
  stock: number;
  description: string | null;
  condition: ProductCondition | null;
  /** When the shopper-visible facts last changed: the later of the last write and the drop time. */
  changedAt: Date;
  category: { slug: string; main: string } | null;
}

/** Newest first, like the shop's own listing. */
export async function shopPieces(prisma: Db, now: Date): Promise<ShopPiece[]> {
  const rows = await prisma.product.findMany({
    where: visibleNow(now),
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      slug: true,
      price: true,
      originalPrice: true,
      imageUrl: true,
      galleryUrls: true,
      size: true,
      stock: true,
      description: true,
      condition: true,
      updatedAt: true,
      goesLiveAt: true,
      category: { select: { slug: true, main: true } },
    },
  });
  return rows.map(({ updatedAt, goesLiveAt, price, originalPrice, ...row }) => ({
    ...row,
    price: price.toFixed(2),
    originalPrice: originalPrice === null ? null : originalPrice.toFixed(2),
    changedAt: goesLiveAt && goesLiveAt > updatedAt ? goesLiveAt : updatedAt,
  }));
}
