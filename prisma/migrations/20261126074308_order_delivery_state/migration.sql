-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "delivery_state" TEXT;
