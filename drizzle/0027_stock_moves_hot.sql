-- An order's stock change becomes a HOT update of its products (issue 19, decision record 0023): no index of
-- products names quantity any more, so a change of quantity and updated_at adds no index entry (before, every
-- order appended each product's ~100 trigrams and words to the GIN indexes' pending lists, and every few
-- orders one of them paid for merging a full list into the trees: the order's slow tail). The admin's sort
-- and filters by stock read admin_product_stock, kept below by statement-level triggers. A fillfactor of 90
-- leaves room on new pages for the updated rows (old pages get it back as their dead versions are pruned).
CREATE TABLE "admin_product_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"quantity" integer NOT NULL,
	"low_stock_threshold" integer NOT NULL,
	"state" text GENERATED ALWAYS AS (product_stock_state(quantity, low_stock_threshold)) STORED NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_quantity_id_idx";--> statement-breakpoint
DROP INDEX "products_low_stock_idx";--> statement-breakpoint
CREATE INDEX "admin_product_stock_quantity_idx" ON "admin_product_stock" USING btree ("quantity","product_id");--> statement-breakpoint
CREATE INDEX "admin_product_stock_state_idx" ON "admin_product_stock" USING btree ("state","product_id") WHERE "admin_product_stock"."state" <> 'plenty';--> statement-breakpoint
ALTER TABLE "products" SET (fillfactor = 90);--> statement-breakpoint
CREATE FUNCTION "keep_admin_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO admin_product_stock (product_id, quantity, low_stock_threshold)
      SELECT id, quantity, low_stock_threshold FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM admin_product_stock WHERE product_id IN (SELECT id FROM old_rows);
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM admin_product_stock;
  ELSE
    -- Only the rows whose stock or threshold changed (an edit of a name writes nothing here).
    UPDATE admin_product_stock AS s SET quantity = n.quantity, low_stock_threshold = n.low_stock_threshold
      FROM new_rows AS n
      WHERE s.product_id = n.id AND (s.quantity, s.low_stock_threshold) IS DISTINCT FROM (n.quantity, n.low_stock_threshold);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_admin_stock_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_admin_product_stock"();--> statement-breakpoint
CREATE TRIGGER "products_admin_stock_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_admin_product_stock"();--> statement-breakpoint
CREATE TRIGGER "products_admin_stock_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_admin_product_stock"();--> statement-breakpoint
CREATE TRIGGER "products_admin_stock_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "keep_admin_product_stock"();--> statement-breakpoint
INSERT INTO "admin_product_stock" ("product_id", "quantity", "low_stock_threshold")
  SELECT "id", "quantity", "low_stock_threshold" FROM "products";
--> statement-breakpoint
ANALYZE "admin_product_stock";
