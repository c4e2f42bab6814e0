-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "failure_reason" TEXT;
