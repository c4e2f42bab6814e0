-- CreateTable
CREATE TABLE "product_slugs" (
    "slug" TEXT NOT NULL,
    "product_id" UUID NOT NULL,
    "retired_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_slugs_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE INDEX "product_slugs_product_id_idx" ON "product_slugs"("product_id");

-- AddForeignKey
ALTER TABLE "product_slugs" ADD CONSTRAINT "product_slugs_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
