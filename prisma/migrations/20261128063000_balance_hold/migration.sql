-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "balance_since" TIMESTAMPTZ(3);
