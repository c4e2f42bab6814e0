-- CreateEnum
CREATE TYPE "MessageChannel" AS ENUM ('whatsapp', 'sms');

-- CreateEnum
CREATE TYPE "MessageStatus" AS ENUM ('queued', 'sent', 'delivered', 'read', 'failed', 'cancelled');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "payment_reminded_at" TIMESTAMPTZ(3),
ADD COLUMN     "whatsapp_updates" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "message_outbox" (
    "id" UUID NOT NULL,
    "order_id" UUID,
    "channel" "MessageChannel" NOT NULL,
    "template" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "text" TEXT NOT NULL,
    "status" "MessageStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "provider_message_id" TEXT,
    "fallback_of" UUID,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "status_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_opt_outs" (
    "phone" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_opt_outs_pkey" PRIMARY KEY ("phone")
);

-- CreateIndex
CREATE UNIQUE INDEX "message_outbox_provider_message_id_key" ON "message_outbox"("provider_message_id");

-- CreateIndex
CREATE UNIQUE INDEX "message_outbox_fallback_of_key" ON "message_outbox"("fallback_of");

-- CreateIndex
CREATE INDEX "message_outbox_status_next_attempt_at_idx" ON "message_outbox"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "message_outbox_order_id_idx" ON "message_outbox"("order_id");

-- AddForeignKey
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;
