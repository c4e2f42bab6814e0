// The pieces a shopper can open right now, in the shape the selling channels need (sitemap, Meta and
// Google feeds, decision 029). One read for all of them, under the storefront's one visibility rule
// (catalog/visibility.ts), so a drop that is not live yet is absent exactly as on the product page.
import { Prisma } from "../../generated/prisma/client.ts";
import type { SqlRunner } from "../../db/database.ts";
import type { ProductCondition } from "../../generated/prisma/client.ts";
import { visibleNowSql } from "../catalog/visibility.ts";

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

/** Newest first, like the shop's own listing. One statement on the driver (database.ts `sql`): at
 *  5,000 pieces Prisma's row mapping and its second query for the categories were most of the cost
 *  of a cold feed (bench:feeds). Money as text keeps the API's two decimals ("7300.00"). */
export async function shopPieces(sql: SqlRunner, now: Date): Promise<ShopPiece[]> {
  const rows = await sql<Omit<ShopPiece, "category"> & { categorySlug: string | null; categoryMain: string | null }>(Prisma.sql`
    SELECT p.id::text AS id, p.name, p.slug, p.price::text AS price, p.original_price::text AS "originalPrice",
      p.image_url AS "imageUrl", p.gallery_urls AS "galleryUrls", p.size, p.stock, p.description, p.condition::text AS condition,
      GREATEST(p.updated_at, COALESCE(p.goes_live_at, p.updated_at)) AS "changedAt",
      c.slug AS "categorySlug", c.main AS "categoryMain"
    FROM products p LEFT JOIN categories c ON c.id = p.category_id
    WHERE ${visibleNowSql(now)}
    ORDER BY p.created_at DESC, p.id ASC`);
  return rows.map(({ categorySlug, categoryMain, changedAt, ...row }) => ({
    ...row,
    changedAt: new Date(changedAt),
    category: categorySlug === null ? null : { slug: categorySlug, main: categoryMain ?? "" },
  }));
}
