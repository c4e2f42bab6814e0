-- CreateEnum
CREATE TYPE "ProviderPaymentStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "ProviderPaymentFlag" AS ENUM ('short', 'over', 'late', 'unmatched', 'duplicate');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "PaymentMethod" ADD VALUE 'paystack_transfer';
ALTER TYPE "PaymentMethod" ADD VALUE 'paystack_card';

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "order_id" UUID,
    "provider" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amount_kobo" INTEGER NOT NULL,
    "paid_kobo" INTEGER,
    "channel" TEXT NOT NULL,
    "status" "ProviderPaymentStatus" NOT NULL DEFAULT 'pending',
    "flag" "ProviderPaymentFlag",
    "paid_at" TIMESTAMPTZ(3),
    "account_number" TEXT,
    "account_name" TEXT,
    "bank_name" TEXT,
    "account_expires_at" TIMESTAMPTZ(3),
    "checkout_url" TEXT,
    "next_check_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payments_order_id_created_at_idx" ON "payments"("order_id", "created_at");

-- CreateIndex
CREATE INDEX "payments_status_next_check_at_idx" ON "payments"("status", "next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments"("provider", "reference");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;
