-- CreateEnum
CREATE TYPE "SaleChannel" AS ENUM ('web', 'whatsapp', 'instagram', 'in_person', 'other');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "channel" "SaleChannel" NOT NULL DEFAULT 'web',
ADD COLUMN     "note" TEXT,
ALTER COLUMN "customer_email" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "orders_channel_created_at_idx" ON "orders"("channel", "created_at" DESC);
