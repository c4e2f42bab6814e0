-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateIndex
CREATE INDEX "products_name_trgm_idx" ON "products" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "products_description_trgm_idx" ON "products" USING GIN ("description" gin_trgm_ops);

-- The search indexes pay off only if the planner knows random reads are cheap (SSD storage, as on
-- every current host). With PostgreSQL's default random_page_cost of 4 (spinning disks) it reads
-- every product instead for common words. Set for this database only (an operator can change it with
-- ALTER DATABASE ... SET); skipped, with a notice, when the migrating role does not own the database.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost left as it is: %', SQLERRM;
END $$;
