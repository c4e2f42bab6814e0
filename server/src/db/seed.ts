// Writes the demo catalogue (prisma/seed/catalogue.ts) to an empty database.
// Pictures are served from prisma/seed/images at /images/demo/.
import { randomUUID } from "node:crypto";
import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";
import {
  categories,
  homepageSections,
  products,
  reviews,
} from "../../../prisma/seed/catalogue.ts";

/** URL prefix the server serves prisma/seed/images under. */
export const DEMO_IMAGE_PREFIX = "/images/demo/";

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

class AlreadySeeded extends Error {}

/**
 * Creates the demo categories, products, reviews and homepage section in one transaction.
 * Does nothing (and returns created: false) when any category already exists. Creates no users.
 */
export async function seedDemoCatalogue(
  prisma: PrismaClient,
  now: Date = new Date(),
): Promise<{ created: boolean }> {
  if ((await prisma.category.count()) > 0) return { created: false };

  try {
    await prisma.$transaction(
      async (tx) => {
        // Checked again inside the transaction; a concurrent seeder is caught by the unique
        // category names below.
        if ((await tx.category.count()) > 0) throw new AlreadySeeded();

        const categoryIds = new Map<string, string>();
        const categoryRows: Prisma.CategoryCreateManyInput[] = categories.map((c) => {
          const id = randomUUID();
          categoryIds.set(c.slug, id);
          return { id, name: c.name, slug: c.slug, main: c.main };
        });
        await tx.category.createMany({ data: categoryRows });

        const productIds = new Map<string, string>();
        const productRows: Prisma.ProductCreateManyInput[] = products.map((p) => {
          const categoryId = categoryIds.get(p.categorySlug);
          if (!categoryId) throw new Error(`Demo product ${p.slug}: unknown category ${p.categorySlug}`);
          if (productIds.has(p.slug)) throw new Error(`Demo product slug ${p.slug} is not unique`);
          const id = randomUUID();
          productIds.set(p.slug, id);
          const createdAt = daysBefore(now, p.createdDaysAgo);
          return {
            id,
            name: p.name,
            slug: p.slug,
            price: new Prisma.Decimal(p.price),
            originalPrice: p.originalPrice === null ? null : new Prisma.Decimal(p.originalPrice),
            imageUrl: DEMO_IMAGE_PREFIX + p.image,
            size: p.size,
            stock: p.stock,
            description: p.description,
            categoryId,
            createdAt,
            updatedAt: createdAt,
          };
        });
        await tx.product.createMany({ data: productRows });

        const reviewRows: Prisma.CustomerReviewCreateManyInput[] = reviews.map((r) => {
          let productId: string | null = null;
          if (r.productSlug !== null) {
            productId = productIds.get(r.productSlug) ?? null;
            if (productId === null) throw new Error(`Demo review by ${r.customerName}: unknown product ${r.productSlug}`);
          }
          return {
            customerName: r.customerName,
            rating: r.rating,
            reviewText: r.reviewText,
            isFeatured: r.isFeatured,
            productId,
            createdAt: daysBefore(now, r.createdDaysAgo),
          };
        });
        await tx.customerReview.createMany({ data: reviewRows });

        const sectionRows: Prisma.HomepageSectionCreateManyInput[] = homepageSections.map((s) => ({
          sectionType: s.sectionType,
          title: s.title,
          description: s.description,
          isActive: s.isActive,
          displayOrder: s.displayOrder,
          createdAt: now,
        }));
        await tx.homepageSection.createMany({ data: sectionRows });
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  } catch (error) {
    if (error instanceof AlreadySeeded) return { created: false };
    // Lost a race with another seeder (unique name/slug): the catalogue exists now.
    if (
      error instanceof Prisma.PrismaClientKnownRequestError &&
      error.code === "P2002" &&
      (await prisma.category.count()) > 0
    ) {
      return { created: false };
    }
    throw error;
  }
  return { created: true };
}
