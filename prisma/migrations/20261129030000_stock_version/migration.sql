-- A count of each product's stock changes, carried by its stock notification (decision 026,
-- addendum of 29 Nov 2026): an instance already holding a product's values at that count, such as
-- the one that made the sale and took them from its own statement, need not read them again.
--
-- The counted notifications go on a channel of their own, "catalogue", which carries everything
-- "catalogue_changed" carries, in the new form: an instance of an earlier build, still running
-- during a rolling upgrade, keeps hearing "catalogue_changed" exactly as before. Once no such
-- instance is left, a later migration may stop sending on "catalogue_changed".

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

-- Any other table the storefront shows: a structural change, on both channels.
CREATE OR REPLACE FUNCTION "catalogue_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  PERFORM pg_notify('catalogue', '');
  RETURN NULL;
END
$$;

-- products: a stock-only change is "stock:<id>", and on "catalogue" "stock:<id>:<count>".
CREATE OR REPLACE FUNCTION "catalogue_product_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'stock' - 'stock_version' - 'updated_at') = (to_jsonb(OLD) - 'stock' - 'stock_version' - 'updated_at') THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || NEW.id::text);
    PERFORM pg_notify('catalogue', 'stock:' || NEW.id::text || ':' || NEW.stock_version::text);
  ELSE
    PERFORM pg_notify('catalogue_changed', '');
    PERFORM pg_notify('catalogue', '');
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
    PERFORM pg_notify('catalogue_changed', 'stock:' || NEW.product_id::text);
    PERFORM pg_notify('catalogue', 'stock:' || NEW.product_id::text || coalesce(':' || (
      SELECT p.stock_version::text FROM products p WHERE p.id = NEW.product_id AND p.xmin = pg_current_xact_id()::xid), ''));
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.product_id IS NOT NULL THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || OLD.product_id::text);
    PERFORM pg_notify('catalogue', 'stock:' || OLD.product_id::text);
  END IF;
  RETURN NULL;
END
$$;

-- orders: the status and payment status decide whether their items' products are "on hold".
CREATE OR REPLACE FUNCTION "catalogue_order_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_order UUID;
BEGIN
  IF TG_OP = 'INSERT' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.payment_status IS NOT DISTINCT FROM OLD.payment_status THEN
    RETURN NULL;
  END IF;
  changed_order := OLD.id;
  PERFORM pg_notify('catalogue_changed', 'stock:' || product_id::text), pg_notify('catalogue', 'stock:' || product_id::text)
    FROM order_items WHERE order_id = changed_order AND product_id IS NOT NULL;
  RETURN NULL;
END
$$;
