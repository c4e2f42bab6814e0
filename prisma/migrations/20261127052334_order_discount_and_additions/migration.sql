-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "discount" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "discount_code" TEXT;

-- AlterTable
ALTER TABLE "order_items" ADD COLUMN     "added_at" TIMESTAMPTZ(3);
