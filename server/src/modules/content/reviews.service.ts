// Customer reviews shown on the home page, managed by admins.
import type { Db } from "../../db/database.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { NotFoundError, invariant } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";

export interface ReviewInput {
  customerName: string;
  reviewText: string;
  rating?: number | null;
  isFeatured?: boolean | null;
  productId?: string | null;
}


export function validateReview(input: ReviewInput) {
  const customerName = input.customerName.trim();
  const reviewText = input.reviewText.trim();
  invariant(customerName, "Customer name is required", "customerName");
  invariant(customerName.length <= 100, "Customer name must be at most 100 characters", "customerName");
  invariant(reviewText, "Review text is required", "reviewText");
  invariant(reviewText.length <= 2000, "Review text must be at most 2000 characters", "reviewText");
  const rating = input.rating ?? 5;
  invariant(Number.isInteger(rating) && rating >= 1 && rating <= 5, "Rating must be from 1 to 5 stars", "rating");
  const productId = input.productId?.trim() || null;
  invariant(productId === null || isUuid(productId), "Choose a product from the list", "productId");
  return { customerName, reviewText, rating, isFeatured: input.isFeatured ?? true, productId };
}

export async function createReview(prisma: Db, actor: Actor, input: ReviewInput) {
  const data = validateReview(input);
  return prisma.$transaction(async (tx) => {
    if (data.productId) invariant(await tx.product.findUnique({ where: { id: data.productId }, select: { id: true } }), "Choose a product from the list", "productId");
    const review = await tx.customerReview.create({ data });
    await recordAudit(tx, { actor, action: "review.create", entityType: "review", entityId: review.id, after: { ...data } });
    return review;
  });
}

export async function updateReview(prisma: Db, actor: Actor, id: string, input: ReviewInput) {
  invariant(isUuid(id), "Review not found", "id");
  const data = validateReview(input);
  return prisma.$transaction(async (tx) => {
    const before = await tx.customerReview.findUnique({ where: { id } });
    if (!before) throw new NotFoundError("Review not found");
    if (data.productId) invariant(await tx.product.findUnique({ where: { id: data.productId }, select: { id: true } }), "Choose a product from the list", "productId");
    const review = await tx.customerReview.update({ where: { id }, data });
    await recordAudit(tx, { actor, action: "review.update", entityType: "review", entityId: id, before: { rating: before.rating, isFeatured: before.isFeatured }, after: { rating: review.rating, isFeatured: review.isFeatured } });
    return review;
  });
}

export async function deleteReview(prisma: Db, actor: Actor, id: string): Promise<string> {
  invariant(isUuid(id), "Review not found", "id");
  return prisma.$transaction(async (tx) => {
    const before = await tx.customerReview.findUnique({ where: { id } });
    if (!before) throw new NotFoundError("Review not found");
    await tx.customerReview.delete({ where: { id } });
    await recordAudit(tx, { actor, action: "review.delete", entityType: "review", entityId: id, before: { customerName: before.customerName, rating: before.rating, reviewText: before.reviewText } });
    return id;
  });
}
