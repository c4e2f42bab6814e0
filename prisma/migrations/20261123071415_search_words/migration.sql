-- Storefront search by words: every word in any order, accents and apostrophes ignored, small typos
-- forgiven, through one trigram index (see docs/decisions/009-catalogue-truth-search.md).

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "unaccent";

-- The one normalisation of text for search, used for the stored column and for the shopper's
-- words: lowercase, accents folded ("Gèlè" → "gele"), apostrophes dropped ("Levi's" → "levis"),
-- any other run of non-alphanumerics one space. unaccent() is only STABLE (its dictionary could be
-- changed); naming the dictionary explicitly makes this wrapper safe to declare IMMUTABLE, which a
-- generated column needs, and lets the planner fold it on a query's words at plan time.
CREATE OR REPLACE FUNCTION search_normalize(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT btrim(regexp_replace(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[''’‘`]', '', 'g'), '[^a-z0-9]+', ' ', 'g'))
$$;

-- DropIndex
DROP INDEX "products_description_trgm_idx";

-- AlterTable: written by the database from name and description, never by the application.
-- search_text (name and description) answers "is the word there"; search_name (the name alone,
-- short) answers "is a similar word there", since word similarity over long descriptions costs
-- ~100 times more per product.
ALTER TABLE "products" ADD COLUMN "search_text" TEXT
  GENERATED ALWAYS AS (search_normalize("name" || ' ' || coalesce("description", ''))) STORED;
ALTER TABLE "products" ADD COLUMN "search_name" TEXT
  GENERATED ALWAYS AS (search_normalize("name")) STORED;

-- CreateIndex
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING GIN ("search_name" gin_trgm_ops);

-- pg_trgm declares its similarity operators as cheap as an integer comparison (COST 1), so with a
-- few thousand products the planner may read every row and run word_similarity() on each instead
-- of asking the index. Their real cost makes it choose the index. Skipped, with a
-- notice, where the migrating role does not own the extension's functions (some managed hosts).
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 50;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 50;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left as they are: %', SQLERRM;
END $$;
