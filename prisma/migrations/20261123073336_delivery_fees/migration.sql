-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "delivery_fee" DECIMAL(12,2) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "delivery_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "doorstep_fee" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "park_fee" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "free_delivery_threshold" DECIMAL(12,2),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "delivery_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_state_fees" (
    "method" "DeliveryMethod" NOT NULL,
    "state" TEXT NOT NULL,
    "fee" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "delivery_state_fees_pkey" PRIMARY KEY ("method","state")
);
