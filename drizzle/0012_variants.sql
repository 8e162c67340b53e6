CREATE TABLE "catalogue_facet_counts" (
	"category_id" integer NOT NULL,
	"band" integer NOT NULL,
	"option" text NOT NULL,
	"value" text NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "catalogue_facet_counts_category_id_band_option_value_pk" PRIMARY KEY("category_id","band","option","value")
);
--> statement-breakpoint
CREATE TABLE "product_facet_values" (
	"product_id" integer NOT NULL,
	"option" text NOT NULL,
	"value" text NOT NULL,
	"category_id" integer NOT NULL,
	"band" integer NOT NULL,
	CONSTRAINT "product_facet_values_product_id_option_value_pk" PRIMARY KEY("product_id","option","value")
);
--> statement-breakpoint
CREATE TABLE "product_option_values" (
	"product_id" integer NOT NULL,
	"option_position" integer NOT NULL,
	"position" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_option_values_product_id_option_position_position_pk" PRIMARY KEY("product_id","option_position","position")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "product_options_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "product_options_position" CHECK ("product_options"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "product_variant_photos" (
	"variant_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variant_photos_variant_id_photo_id_pk" PRIMARY KEY("variant_id","photo_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sku" text,
	"price_cents" integer NOT NULL,
	"compare_at_cents" integer,
	"stock" integer NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"weight_grams" integer,
	"option1" text DEFAULT '' NOT NULL,
	"option2" text DEFAULT '' NOT NULL,
	"option3" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_variants_price_non_negative" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_compare_at_non_negative" CHECK ("product_variants"."compare_at_cents" >= 0),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_weight_non_negative" CHECK ("product_variants"."weight_grams" >= 0),
	CONSTRAINT "product_variants_low_stock_threshold_range" CHECK ("product_variants"."low_stock_threshold" between 0 and 1000000)
);
--> statement-breakpoint
-- A product has a gallery: photos get their own id, a position and alt text; the photo a product had
-- becomes its first. Their smaller copies belong to a photo.
ALTER TABLE "product_photo_variants" DROP CONSTRAINT "product_photo_variants_product_id_width_pk";--> statement-breakpoint
ALTER TABLE "product_photos" DROP CONSTRAINT "product_photos_pkey";--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "product_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_pkey" PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_max_cents" integer;--> statement-breakpoint
ALTER TABLE "product_photo_variants" ADD COLUMN "photo_id" integer;--> statement-breakpoint
UPDATE "product_photo_variants" AS v SET "photo_id" = p."id" FROM "product_photos" AS p WHERE p."product_id" = v."product_id";--> statement-breakpoint
DELETE FROM "product_photo_variants" WHERE "photo_id" IS NULL;--> statement-breakpoint
-- A copy written without its photo (a backup made before galleries) belongs to its product's first photo.
CREATE FUNCTION "photo_copy_of_first_photo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.photo_id IS NULL THEN
    SELECT id INTO NEW.photo_id FROM product_photos WHERE product_id = NEW.product_id ORDER BY position, id LIMIT 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_photo_variants_photo" BEFORE INSERT ON "product_photo_variants"
  FOR EACH ROW EXECUTE FUNCTION "photo_copy_of_first_photo"();--> statement-breakpoint
ALTER TABLE "product_photo_variants" ALTER COLUMN "photo_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_photo_variants" ADD CONSTRAINT "product_photo_variants_photo_id_width_pk" PRIMARY KEY("photo_id","width");--> statement-breakpoint
ALTER TABLE "product_facet_values" ADD CONSTRAINT "product_facet_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_photos" ADD CONSTRAINT "product_variant_photos_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_photos" ADD CONSTRAINT "product_variant_photos_photo_id_product_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."product_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_facet_values_value_idx" ON "product_facet_values" USING btree ("option","value","category_id","band","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_option_values_unique" ON "product_option_values" USING btree ("product_id","option_position","value");--> statement-breakpoint
CREATE INDEX "product_variant_photos_photo_idx" ON "product_variant_photos" USING btree ("photo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_unique" ON "product_variants" USING btree ("product_id","option1","option2","option3");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_low_stock_idx" ON "product_variants" USING btree ("stock") WHERE "product_variants"."stock" <= "product_variants"."low_stock_threshold";--> statement-breakpoint
ALTER TABLE "product_photo_variants" ADD CONSTRAINT "product_photo_variants_photo_id_product_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."product_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photo_variants_product_idx" ON "product_photo_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
-- Every product becomes one variant: its price, stock and low-stock threshold, no SKU.
INSERT INTO "product_variants" ("product_id", "position", "price_cents", "stock", "low_stock_threshold")
  SELECT "id", 0, "price_cents", "quantity", "low_stock_threshold" FROM "products";--> statement-breakpoint
-- A product inserted by any path (the form, an import, the seed, a restore) has its one variant at once; the
-- variants call replaces it. (A restore replaces them with the backup's variants.)
CREATE FUNCTION "product_first_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_variants (product_id, position, price_cents, stock, low_stock_threshold)
    SELECT id, 0, price_cents, quantity, low_stock_threshold FROM new_rows;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_first_variant" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_first_variant"();--> statement-breakpoint
-- The product's price, quantity and threshold are kept from its variants by the code that writes variants.
-- A change made to the product itself (the specification's update call, an order taking or giving back
-- stock) reaches its variants here: a product with one variant passes it on; with several, stock taken is
-- taken from the variants in order (the first in stock first) and stock given back goes to the first. The
-- facets follow the product's category and price band.
CREATE FUNCTION "product_to_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SET category_id = n.category_id, band = price_band(n.price_cents)
    FROM new_rows AS n
    WHERE f.product_id = n.id AND (f.category_id <> n.category_id OR f.band <> price_band(n.price_cents));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_to_variants" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_to_variants"();--> statement-breakpoint
-- Facet counts per category, price band, option and value, kept like catalogue_band_counts.
CREATE FUNCTION "count_product_facets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_facet_counts AS c (category_id, band, option, value, products)
      SELECT category_id, band, option, value, count(*)::int FROM new_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (category_id, band, option, value) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogue_facet_counts AS c SET products = c.products - d.n
      FROM (SELECT category_id, band, option, value, count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3, 4) AS d
      WHERE c.category_id = d.category_id AND c.band = d.band AND c.option = d.option AND c.value = d.value;
    DELETE FROM catalogue_facet_counts WHERE products <= 0;
  ELSE
    INSERT INTO catalogue_facet_counts AS c (category_id, band, option, value, products)
      SELECT category_id, band, option, value, sum(delta)::int FROM (
        SELECT category_id, band, option, value, 1 AS delta FROM new_rows
        UNION ALL
        SELECT category_id, band, option, value, -1 FROM old_rows
      ) AS moves GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
      ON CONFLICT (category_id, band, option, value) DO UPDATE SET products = c.products + excluded.products;
    DELETE FROM catalogue_facet_counts WHERE products <= 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_facet_values_count_insert" AFTER INSERT ON "product_facet_values"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_product_facets"();--> statement-breakpoint
CREATE TRIGGER "product_facet_values_count_delete" AFTER DELETE ON "product_facet_values"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_product_facets"();--> statement-breakpoint
CREATE TRIGGER "product_facet_values_count_update" AFTER UPDATE ON "product_facet_values"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_product_facets"();--> statement-breakpoint
-- Options, variants and the photos of a variant are what the catalogue shows too: every process drops its
-- cached answers when they change (as for products, drizzle/0006_catalogue_notify.sql).
CREATE TRIGGER "product_options_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_options"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_option_values_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_option_values"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_variants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_variant_photos_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variant_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
