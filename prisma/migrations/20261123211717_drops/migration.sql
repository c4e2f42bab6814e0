-- AlterTable
ALTER TABLE "products" ADD COLUMN     "goes_live_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "headers" JSONB;

-- CreateTable
CREATE TABLE "drop_reminders" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "drop_at" TIMESTAMPTZ(3) NOT NULL,
    "consent_at" TIMESTAMPTZ(3) NOT NULL,
    "reminded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drop_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_secrets_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "drop_reminders_drop_at_reminded_at_idx" ON "drop_reminders"("drop_at", "reminded_at");

-- CreateIndex
CREATE UNIQUE INDEX "drop_reminders_email_drop_at_key" ON "drop_reminders"("email", "drop_at");

-- CreateIndex
CREATE INDEX "products_goes_live_at_idx" ON "products"("goes_live_at");
