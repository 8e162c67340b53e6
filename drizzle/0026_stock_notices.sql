-- A change of stock alone (an order, a cancel, a refund put back on the shelves, the owner's count) no longer
-- tells every process to drop every kept catalogue answer: it names its products on a channel of its own
-- (LISTEN catalogue_stock, the ids joined by commas), and the processes drop only what holds those products'
-- stock (their JSON, and the answers that hold them). Any other change to a product or a variant, an update of
-- more than 1,000 rows, or one whose ids would not fit a notice, still tells catalogue_changed.
-- (Transition tables need a trigger of one event: the updates get triggers of their own.)
-- The products whose stock moved (their ids joined by commas, null when none), told on catalogue_stock; ids
-- too long for a notice are a change of everything.
CREATE FUNCTION "notify_stock_moved"(ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    -- Nothing moved (the same rows written again): nothing to tell.
    RETURN;
  ELSIF length(ids) <= 7000 THEN
    PERFORM pg_notify('catalogue_stock', ids);
  ELSE
    PERFORM pg_notify('catalogue_changed', '');
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_products_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM new_rows) <= 1000 AND NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
      OR (to_jsonb(o) - 'quantity' - 'updated_at' - 'search') IS DISTINCT FROM (to_jsonb(n) - 'quantity' - 'updated_at' - 'search')
  ) THEN
    PERFORM notify_stock_moved((SELECT string_agg(o.id::text, ',' ORDER BY o.id) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.quantity, o.updated_at) IS DISTINCT FROM (n.quantity, n.updated_at)));
  ELSE
    PERFORM pg_notify('catalogue_changed', '');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_variants_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM new_rows) <= 1000 AND NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL OR (to_jsonb(o) - 'stock') IS DISTINCT FROM (to_jsonb(n) - 'stock')
  ) THEN
    PERFORM notify_stock_moved((SELECT string_agg(DISTINCT n.product_id::text, ',') FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.stock <> n.stock));
  ELSE
    PERFORM pg_notify('catalogue_changed', '');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "products_changed" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "products_updated" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_products_updated"();--> statement-breakpoint
DROP TRIGGER "product_variants_changed" ON "product_variants";--> statement-breakpoint
CREATE TRIGGER "product_variants_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "product_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_variants_updated" AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_variants_updated"();
