-- CreateEnum
CREATE TYPE "ClaimReason" AS ENUM ('wrong_item', 'undisclosed_flaw', 'not_received', 'other');

-- CreateEnum
CREATE TYPE "ClaimStatus" AS ENUM ('open', 'accepted', 'declined', 'refunded');

-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'processed', 'failed');

-- CreateTable
CREATE TABLE "claims" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "reason" "ClaimReason" NOT NULL,
    "message" TEXT NOT NULL,
    "photo_urls" TEXT[],
    "status" "ClaimStatus" NOT NULL DEFAULT 'open',
    "decision_reason" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "restocked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "claim_id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "method" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "transaction_ref" TEXT,
    "provider_refund_id" TEXT,
    "bank_reference" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "claims_order_id_idx" ON "claims"("order_id");

-- CreateIndex
CREATE INDEX "claims_status_created_at_idx" ON "claims"("status", "created_at");

-- CreateIndex
CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

-- CreateIndex
CREATE INDEX "refunds_transaction_ref_idx" ON "refunds"("transaction_ref");

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

