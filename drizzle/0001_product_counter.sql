-- The number of products, kept by statement-level triggers so that the product count never scans the table.
INSERT INTO "catalogue_counters" ("name", "value") SELECT 'products', count(*) FROM "products";
--> statement-breakpoint
CREATE FUNCTION "count_inserted_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_counters" SET "value" = "value" + (SELECT count(*) FROM new_rows) WHERE "name" = 'products';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "count_deleted_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_counters" SET "value" = "value" - (SELECT count(*) FROM old_rows) WHERE "name" = 'products';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_count_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_products"();
--> statement-breakpoint
CREATE TRIGGER "products_count_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_products"();
