CREATE TABLE "admin_order_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_order_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_product_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_product_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"draft" boolean NOT NULL,
	"stock" text NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
-- The admin's lists count their filters from these (issue 20): rows of changes, only ever added by the
-- statement-level triggers below (a checkout never waits for another's counter row), summed up by
-- compact_admin_*_counts every 64 rows added. A reader's snapshot sees each statement's rows or none.
CREATE FUNCTION "compact_admin_order_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One compaction at a time, and only where a row another one removed cannot be seen any more.
  IF current_setting('transaction_isolation') = 'read committed' AND pg_try_advisory_xact_lock(72356020) THEN
    WITH gone AS (DELETE FROM admin_order_counts RETURNING status, payment_status, payment_method, orders)
    INSERT INTO admin_order_counts (status, payment_status, payment_method, orders)
      SELECT status, payment_status, payment_method, sum(orders)::int FROM gone GROUP BY 1, 2, 3 HAVING sum(orders) <> 0;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "count_admin_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO admin_order_counts (status, payment_status, payment_method, orders)
      SELECT status, payment_status, payment_method, count(*)::int FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO admin_order_counts (status, payment_status, payment_method, orders)
      SELECT status, payment_status, payment_method, -count(*)::int FROM old_rows GROUP BY 1, 2, 3;
  ELSE
    -- A change that moves no order between counts (a total, a delivery address) adds nothing.
    INSERT INTO admin_order_counts (status, payment_status, payment_method, orders)
      SELECT status, payment_status, payment_method, sum(delta)::int FROM (
        SELECT status, payment_status, payment_method, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status, payment_status, payment_method, -1 FROM old_rows
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(delta) <> 0;
  END IF;
  GET DIAGNOSTICS added = ROW_COUNT;
  -- (Nested: SQL does not promise to test `added > 0` first, and currval needs a row added.)
  IF added > 0 THEN
    IF currval('admin_order_counts_id_seq') / 64 <> (currval('admin_order_counts_id_seq') - added) / 64 THEN
      PERFORM compact_admin_order_counts();
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_admin_count_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_admin_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_admin_count_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_admin_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_admin_count_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_admin_orders"();--> statement-breakpoint
CREATE FUNCTION "reset_admin_order_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM admin_order_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_admin_count_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_admin_order_counts"();--> statement-breakpoint
INSERT INTO "admin_order_counts" ("status", "payment_status", "payment_method", "orders")
  SELECT "status", "payment_status", "payment_method", count(*)::int FROM "orders" GROUP BY 1, 2, 3;--> statement-breakpoint
-- A product's stock as the admin's stock filter sees it (quantity and threshold are never negative):
-- 'out' (none), 'low' (some, at or below its threshold), 'plenty'.
CREATE FUNCTION "product_stock_state"("quantity" integer, "threshold" integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN quantity <= 0 THEN 'out' WHEN quantity <= threshold THEN 'low' ELSE 'plenty' END
$$;--> statement-breakpoint
CREATE FUNCTION "compact_admin_product_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') = 'read committed' AND pg_try_advisory_xact_lock(72356021) THEN
    WITH gone AS (DELETE FROM admin_product_counts RETURNING category_id, draft, stock, products)
    INSERT INTO admin_product_counts (category_id, draft, stock, products)
      SELECT category_id, draft, stock, sum(products)::int FROM gone GROUP BY 1, 2, 3 HAVING sum(products) <> 0;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "count_admin_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO admin_product_counts (category_id, draft, stock, products)
      SELECT category_id, draft, product_stock_state(quantity, low_stock_threshold), count(*)::int FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO admin_product_counts (category_id, draft, stock, products)
      SELECT category_id, draft, product_stock_state(quantity, low_stock_threshold), -count(*)::int FROM old_rows GROUP BY 1, 2, 3;
  ELSE
    -- A sale that leaves the product in its stock state (most of them) adds nothing.
    INSERT INTO admin_product_counts (category_id, draft, stock, products)
      SELECT category_id, draft, stock, sum(delta)::int FROM (
        SELECT category_id, draft, product_stock_state(quantity, low_stock_threshold) AS stock, 1 AS delta FROM new_rows
        UNION ALL
        SELECT category_id, draft, product_stock_state(quantity, low_stock_threshold), -1 FROM old_rows
      ) AS moves GROUP BY 1, 2, 3 HAVING sum(delta) <> 0;
  END IF;
  GET DIAGNOSTICS added = ROW_COUNT;
  -- (Nested: SQL does not promise to test `added > 0` first, and currval needs a row added.)
  IF added > 0 THEN
    IF currval('admin_product_counts_id_seq') / 64 <> (currval('admin_product_counts_id_seq') - added) / 64 THEN
      PERFORM compact_admin_product_counts();
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_admin_count_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_admin_products"();--> statement-breakpoint
CREATE TRIGGER "products_admin_count_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_admin_products"();--> statement-breakpoint
CREATE TRIGGER "products_admin_count_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_admin_products"();--> statement-breakpoint
CREATE FUNCTION "reset_admin_product_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM admin_product_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_admin_count_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_admin_product_counts"();--> statement-breakpoint
INSERT INTO "admin_product_counts" ("category_id", "draft", "stock", "products")
  SELECT "category_id", "draft", product_stock_state("quantity", "low_stock_threshold"), count(*)::int FROM "products" GROUP BY 1, 2, 3;
