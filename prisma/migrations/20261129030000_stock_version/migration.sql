-- A count of each product's stock changes, carried by its stock notification (decision 026,
-- addendum of 29 Nov 2026): an instance already holding a product's values at that count, such as
-- the one that made the sale and took them from its own statement, need not read them again.

ALTER TABLE "products" ADD COLUMN "stock_version" INTEGER NOT NULL DEFAULT 0;

-- Counted by the database, whatever statement changes the stock.
CREATE FUNCTION "products_stock_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stock IS DISTINCT FROM OLD.stock THEN
    NEW.stock_version := OLD.stock_version + 1;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER "products_stock_version" BEFORE UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_stock_version"();

-- products: a stock-only change names its count ("stock:<id>:<count>").
CREATE OR REPLACE FUNCTION "catalogue_product_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'stock' - 'stock_version' - 'updated_at') = (to_jsonb(OLD) - 'stock' - 'stock_version' - 'updated_at') THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || NEW.id::text || ':' || NEW.stock_version::text);
  ELSE
    PERFORM pg_notify('catalogue_changed', '');
  END IF;
  RETURN NULL;
END
$$;

-- order_items: an item's product is "on hold" or not by its order. When the same transaction
-- changed the product's stock (an order taking it), that change's count says it all, and the
-- payload is the products trigger's own (folded into one). Otherwise no count: always read again.
CREATE OR REPLACE FUNCTION "catalogue_order_item_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.product_id IS NOT NULL THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || NEW.product_id::text || coalesce(':' || (
      SELECT p.stock_version::text FROM products p WHERE p.id = NEW.product_id AND p.xmin = pg_current_xact_id()::xid), ''));
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.product_id IS NOT NULL THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || OLD.product_id::text);
  END IF;
  RETURN NULL;
END
$$;
