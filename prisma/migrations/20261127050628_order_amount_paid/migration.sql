-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "amount_paid" DECIMAL(12,2) NOT NULL DEFAULT 0;


-- Backfill (decision 034): what reached the shop so far. Every verified provider payment of the
-- order (short, over, late and duplicate ones too), and for an order marked paid at least its total
-- (a manual transfer the owner confirmed left no payment row).
UPDATE "orders" o SET "amount_paid" = GREATEST(
  COALESCE((SELECT SUM(p."paid_kobo") FROM "payments" p WHERE p."order_id" = o."id" AND p."status" = 'succeeded'), 0) / 100.0,
  CASE WHEN o."payment_status" = 'paid' THEN o."total" ELSE 0 END);
