-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "from_payment_page" BOOLEAN NOT NULL DEFAULT false;
