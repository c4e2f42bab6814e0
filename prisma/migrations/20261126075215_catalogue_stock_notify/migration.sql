-- Sales no longer empty every cache (docs/decisions/026-caches-under-sales.md). The catalogue_changed
-- NOTIFY now says what changed: a payload "stock:<product id>" when only a product's stock or "on
-- hold" may have changed (a checkout, a payment decision, a cancellation, a hold that lapsed), and an
-- empty payload, as before, for everything else. Each instance keeps the current stock and "on hold"
-- of the products named (read again after the notification) and joins them into cached answers; an
-- empty payload still drops every cached answer.
-- Still row-level and delivered at commit only; identical payloads of one transaction fold into one.

-- products: a write that changes nothing but the stock (and the updated_at Prisma keeps) is a sale
-- or a restock; anything else (name, price, drop time, a new or deleted product) is structural.
CREATE FUNCTION "catalogue_product_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'stock' - 'updated_at') = (to_jsonb(OLD) - 'stock' - 'updated_at') THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || NEW.id::text);
  ELSE
    PERFORM pg_notify('catalogue_changed', '');
  END IF;
  RETURN NULL;
END
$$;

-- order_items: an item decides its product's "on hold" (with its order's status).
CREATE FUNCTION "catalogue_order_item_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.product_id IS NOT NULL THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || NEW.product_id::text);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.product_id IS NOT NULL THEN
    PERFORM pg_notify('catalogue_changed', 'stock:' || OLD.product_id::text);
  END IF;
  RETURN NULL;
END
$$;

-- orders: the status and payment status decide whether their items' products are "on hold"; an
-- order's other columns are never shown in the catalogue. A new order has no items yet (they notify).
CREATE FUNCTION "catalogue_order_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM pg_notify('catalogue_changed', 'stock:' || product_id::text)
    FROM order_items WHERE order_id = changed_order AND product_id IS NOT NULL;
  RETURN NULL;
END
$$;

DROP TRIGGER "products_catalogue_changed" ON "products";
CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_product_changed_notify"();
DROP TRIGGER "order_items_catalogue_changed" ON "order_items";
CREATE TRIGGER "order_items_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_order_item_changed_notify"();
DROP TRIGGER "orders_catalogue_changed" ON "orders";
CREATE TRIGGER "orders_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_order_changed_notify"();
