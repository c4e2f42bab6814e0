-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "next_check_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "refunds_status_next_check_at_idx" ON "refunds"("status", "next_check_at");
