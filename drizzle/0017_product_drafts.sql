DROP INDEX "product_facet_values_value_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
ALTER TABLE "product_facet_values" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listed_created_idx" ON "products" USING btree ("created_at","id") WHERE not "products"."draft";--> statement-breakpoint
CREATE INDEX "products_drafts_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."draft";--> statement-breakpoint
CREATE INDEX "product_facet_values_value_idx" ON "product_facet_values" USING btree ("option","value","category_id","band","product_id") WHERE not "product_facet_values"."draft";--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id") WHERE not "products"."draft";--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents") WHERE not "products"."draft";--> statement-breakpoint
-- Drafts are the owner's only: the kept counts (catalogue_counters' 'products', catalogue_band_counts,
-- catalogue_facet_counts) count the products shown to shoppers. Moving a product into or out of draft moves
-- it out of or into the counts, in the same statement as any other change.
CREATE OR REPLACE FUNCTION "count_inserted_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_counters" SET "value" = "value" + (SELECT count(*) FROM new_rows WHERE NOT draft) WHERE "name" = 'products';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_deleted_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_counters" SET "value" = "value" - (SELECT count(*) FROM old_rows WHERE NOT draft) WHERE "name" = 'products';
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An update writes the counter only when drafts moved (an order taking stock writes nothing here).
CREATE FUNCTION "count_updated_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta integer;
BEGIN
  SELECT (SELECT count(*) FROM new_rows WHERE NOT draft) - (SELECT count(*) FROM old_rows WHERE NOT draft) INTO delta;
  IF delta <> 0 THEN
    UPDATE "catalogue_counters" SET "value" = "value" + delta WHERE "name" = 'products';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_count_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_updated_products"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_product_bands"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_band_counts AS c (category_id, band, products)
      SELECT category_id, price_band(price_cents), count(*)::int FROM new_rows WHERE NOT draft GROUP BY 1, 2
      ON CONFLICT (category_id, band) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogue_band_counts AS c SET products = c.products - d.n
      FROM (SELECT category_id, price_band(price_cents) AS band, count(*)::int AS n FROM old_rows WHERE NOT draft GROUP BY 1, 2) AS d
      WHERE c.category_id = d.category_id AND c.band = d.band;
    DELETE FROM catalogue_band_counts WHERE products <= 0;
  ELSE
    INSERT INTO catalogue_band_counts AS c (category_id, band, products)
      SELECT category_id, band, sum(delta)::int FROM (
        SELECT category_id, price_band(price_cents) AS band, 1 AS delta FROM new_rows WHERE NOT draft
        UNION ALL
        SELECT category_id, price_band(price_cents), -1 FROM old_rows WHERE NOT draft
      ) AS moves GROUP BY 1, 2 HAVING sum(delta) <> 0
      ON CONFLICT (category_id, band) DO UPDATE SET products = c.products + excluded.products;
    DELETE FROM catalogue_band_counts WHERE products <= 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- As in 0012_variants.sql; the facet values also follow the product's draft flag.
CREATE OR REPLACE FUNCTION "product_to_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_variants AS v
    SET price_cents = n.price_cents, stock = n.quantity, low_stock_threshold = n.low_stock_threshold
    FROM new_rows AS n
    WHERE v.product_id = n.id
      AND NOT EXISTS (SELECT 1 FROM product_variants AS w WHERE w.product_id = n.id AND w.id <> v.id)
      AND (v.price_cents, v.stock, v.low_stock_threshold) IS DISTINCT FROM (n.price_cents, n.quantity, n.low_stock_threshold);
  WITH totals AS (
    SELECT n.id AS product_id, n.quantity - sum(v.stock)::int AS delta
      FROM new_rows AS n JOIN product_variants AS v ON v.product_id = n.id
      GROUP BY n.id, n.quantity HAVING count(*) > 1 AND n.quantity <> sum(v.stock)
  ), ordered AS (
    SELECT v.id, t.delta, row_number() OVER w AS n, coalesce(sum(v.stock) OVER w - v.stock, 0)::int AS earlier
      FROM product_variants AS v JOIN totals AS t ON t.product_id = v.product_id
      WINDOW w AS (PARTITION BY v.product_id ORDER BY v.position, v.id)
  )
  UPDATE product_variants AS v
    SET stock = CASE WHEN o.delta > 0 THEN v.stock + o.delta ELSE v.stock - least(v.stock, greatest(0, -o.delta - o.earlier)) END
    FROM ordered AS o
    WHERE v.id = o.id AND ((o.delta > 0 AND o.n = 1) OR (o.delta < 0 AND o.earlier < -o.delta AND v.stock > 0));
  UPDATE product_facet_values AS f
    SET category_id = n.category_id, band = price_band(n.price_cents), draft = n.draft
    FROM new_rows AS n
    WHERE f.product_id = n.id AND (f.category_id <> n.category_id OR f.band <> price_band(n.price_cents) OR f.draft <> n.draft);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_product_facets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_facet_counts AS c (category_id, band, option, value, products)
      SELECT category_id, band, option, value, count(*)::int FROM new_rows WHERE NOT draft GROUP BY 1, 2, 3, 4
      ON CONFLICT (category_id, band, option, value) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogue_facet_counts AS c SET products = c.products - d.n
      FROM (SELECT category_id, band, option, value, count(*)::int AS n FROM old_rows WHERE NOT draft GROUP BY 1, 2, 3, 4) AS d
      WHERE c.category_id = d.category_id AND c.band = d.band AND c.option = d.option AND c.value = d.value;
    DELETE FROM catalogue_facet_counts WHERE products <= 0;
  ELSE
    INSERT INTO catalogue_facet_counts AS c (category_id, band, option, value, products)
      SELECT category_id, band, option, value, sum(delta)::int FROM (
        SELECT category_id, band, option, value, 1 AS delta FROM new_rows WHERE NOT draft
        UNION ALL
        SELECT category_id, band, option, value, -1 FROM old_rows WHERE NOT draft
      ) AS moves GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
      ON CONFLICT (category_id, band, option, value) DO UPDATE SET products = c.products + excluded.products;
    DELETE FROM catalogue_facet_counts WHERE products <= 0;
  END IF;
  RETURN NULL;
END;
$$;
