-- Condition grade, flaws, measurements (cm) and bale details on products (issue 15).
-- There was no condition column before, so existing products stay ungraded (NULL) until an admin
-- grades them: claiming "Good" for an item nobody has checked would mislead shoppers.
-- The catalogue_changed triggers are row-level on every column of products, so they cover these.

-- CreateEnum
CREATE TYPE "ProductCondition" AS ENUM ('new_with_tags', 'like_new', 'good', 'fair');

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "bale_grade" TEXT,
ADD COLUMN     "bale_mix" TEXT,
ADD COLUMN     "bale_pieces" INTEGER,
ADD COLUMN     "bale_weight_kg" DECIMAL(6,2),
ADD COLUMN     "condition" "ProductCondition",
ADD COLUMN     "flaw_notes" TEXT,
ADD COLUMN     "flaw_photo_urls" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "hips_cm" DECIMAL(5,1),
ADD COLUMN     "inseam_cm" DECIMAL(5,1),
ADD COLUMN     "length_cm" DECIMAL(5,1),
ADD COLUMN     "pit_to_pit_cm" DECIMAL(5,1),
ADD COLUMN     "shoulder_cm" DECIMAL(5,1),
ADD COLUMN     "sleeve_cm" DECIMAL(5,1),
ADD COLUMN     "waist_cm" DECIMAL(5,1);

-- CreateIndex
CREATE INDEX "products_condition_created_at_idx" ON "products"("condition", "created_at" DESC);
