-- Every committed write to what the storefront shows sends one NOTIFY on "catalogue_changed"; each
-- server instance LISTENs and drops its cached catalogue answers (docs/decisions/013-response-cache-cache-metrics.md).
-- The database sends it, so no code path can forget to. NOTIFY is delivered at commit only (never for
-- a rolled-back write) and repeated notifications of one transaction are folded into one.
-- Row-level, so a statement that changes no row (the hold-expiry sweep finding nothing) says nothing.
-- product_slugs: a product is found by a slug it had before a rename.
-- orders and order_items count because a product's "on hold" badge depends on unpaid orders.
CREATE FUNCTION "catalogue_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "products_catalogue_truncated" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "categories_catalogue_truncated" AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "customer_reviews_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "customer_reviews"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "customer_reviews_catalogue_truncated" AFTER TRUNCATE ON "customer_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "homepage_sections_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "homepage_sections"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "homepage_sections_catalogue_truncated" AFTER TRUNCATE ON "homepage_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "orders_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "orders_catalogue_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "order_items_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "order_items_catalogue_truncated" AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "product_slugs_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_slugs"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_changed_notify"();
CREATE TRIGGER "product_slugs_catalogue_truncated" AFTER TRUNCATE ON "product_slugs"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"();
