// Writes the demo catalogue (prisma/seed/catalogue.ts) to an empty database.
// Pictures are served from prisma/seed/images at /images/demo/.
import { randomUUID } from "node:crypto";
import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";
import {
  categories,
  DEMO_DROP_DAYS,
  DEMO_DROP_LAGOS_HOUR,
  dropProducts,
  homepageSections,
  products,
  reviews,
} from "../../../prisma/seed/catalogue.ts";
import { demoFit } from "../../../prisma/seed/fit.ts";
import { MEASUREMENTS } from "../../../common/measurements.ts";
import { LAGOS_OFFSET_MS, lagosClock } from "../../../common/lagos-time.ts";

/** URL prefix the server serves prisma/seed/images under. */
export const DEMO_IMAGE_PREFIX = "/images/demo/";

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The demo item's grade, flaws, measurements and bale details (prisma/seed/fit.ts) as columns. */
function fitColumns(name: string) {
  const fit = demoFit[name];
  if (!fit) throw new Error(`Demo product ${name}: no grade in prisma/seed/fit.ts`);
  const m = fit.measurements ?? {};
  return {
    condition: fit.condition,
    flawNotes: fit.flawNotes ?? null,
    ...Object.fromEntries(MEASUREMENTS.map(({ key }) => [`${key}Cm`, m[key] ?? null])),
    balePieces: fit.bale?.pieces ?? null,
    baleWeightKg: fit.bale?.weightKg ?? null,
    baleGrade: fit.bale?.grade ?? null,
    baleMix: fit.bale?.mix ?? null,
  };
}

class AlreadySeeded extends Error {}

/** The demo drop: DEMO_DROP_DAYS Lagos days after `now`, at DEMO_DROP_LAGOS_HOUR:00 Lagos time. */
export function demoDropTime(now: Date): Date {
  const lagos = lagosClock(now);
  const wall = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() + DEMO_DROP_DAYS, DEMO_DROP_LAGOS_HOUR);
  return new Date(wall - LAGOS_OFFSET_MS);
}

/**
 * Creates the demo categories, products, reviews and homepage section in one transaction.
 * Does nothing (and returns created: false) when any category already exists. Creates no users.
 */
export async function seedDemoCatalogue(
  prisma: PrismaClient,
  now: Date = new Date(),
  options: { drop?: boolean } = {},
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
            ...fitColumns(p.name),
            categoryId,
            createdAt,
            updatedAt: createdAt,
          };
        });
        await tx.product.createMany({ data: productRows });
        if (options.drop !== false) {
          const goesLiveAt = demoDropTime(now);
          await tx.product.createMany({
            data: dropProducts.map((p) => ({
              name: p.name,
              slug: p.slug,
              price: new Prisma.Decimal(p.price),
              originalPrice: p.originalPrice === null ? null : new Prisma.Decimal(p.originalPrice),
              imageUrl: DEMO_IMAGE_PREFIX + p.image,
              size: p.size,
              stock: p.stock,
              description: p.description,
              categoryId: categoryIds.get(p.categorySlug)!,
              goesLiveAt,
              createdAt: now,
              updatedAt: now,
            })),
          });
        }

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
