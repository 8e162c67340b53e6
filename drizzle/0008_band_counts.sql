CREATE TABLE "catalogue_band_counts" (
	"category_id" integer NOT NULL,
	"band" integer NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "catalogue_band_counts_category_id_band_pk" PRIMARY KEY("category_id","band")
);
--> statement-breakpoint
-- The price band of a price, as the shop's fixed bands cut them ($0-19.99, $20-39.99, …, $100 and more).
CREATE FUNCTION "price_band"("cents" integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN cents < 2000 THEN 0 WHEN cents < 4000 THEN 1 WHEN cents < 6000 THEN 2
              WHEN cents < 8000 THEN 3 WHEN cents < 10000 THEN 4 ELSE 5 END
$$;--> statement-breakpoint
INSERT INTO "catalogue_band_counts" ("category_id", "band", "products")
  SELECT "category_id", price_band("price_cents"), count(*) FROM "products" GROUP BY 1, 2;--> statement-breakpoint
-- Statement-level triggers keep the counts: one statement that inserts, deletes or moves many products
-- writes each (category, band) count once; a change that moves no product between counts (stock, a
-- name) writes nothing.
CREATE FUNCTION "count_product_bands"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_band_counts AS c (category_id, band, products)
      SELECT category_id, price_band(price_cents), count(*)::int FROM new_rows GROUP BY 1, 2
      ON CONFLICT (category_id, band) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogue_band_counts AS c SET products = c.products - d.n
      FROM (SELECT category_id, price_band(price_cents) AS band, count(*)::int AS n FROM old_rows GROUP BY 1, 2) AS d
      WHERE c.category_id = d.category_id AND c.band = d.band;
    DELETE FROM catalogue_band_counts WHERE products <= 0;
  ELSE
    INSERT INTO catalogue_band_counts AS c (category_id, band, products)
      SELECT category_id, band, sum(delta)::int FROM (
        SELECT category_id, price_band(price_cents) AS band, 1 AS delta FROM new_rows
        UNION ALL
        SELECT category_id, price_band(price_cents), -1 FROM old_rows
      ) AS moves GROUP BY 1, 2 HAVING sum(delta) <> 0
      ON CONFLICT (category_id, band) DO UPDATE SET products = c.products + excluded.products;
    DELETE FROM catalogue_band_counts WHERE products <= 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_band_count_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_product_bands"();--> statement-breakpoint
CREATE TRIGGER "products_band_count_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_product_bands"();--> statement-breakpoint
CREATE TRIGGER "products_band_count_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_product_bands"();--> statement-breakpoint
-- Emptying the table at once (a restore) empties the counts too.
CREATE FUNCTION "reset_product_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalogue_band_counts;
  UPDATE catalogue_counters SET value = 0 WHERE name = 'products';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_counts_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_product_counts"();
