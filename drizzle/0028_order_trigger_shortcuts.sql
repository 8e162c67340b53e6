-- An order's stock move fires every update trigger of products; two of them did work a stock change never
-- needs (issue 19, the order's cost). The product's own columns are not changed here, only what the triggers
-- skip: product_to_variants returns at once when no price, threshold, category or draft state changed and
-- each product's quantity is already its variants' total (an order moves the variants first, in the same
-- statement); count_product_bands deletes emptied counts only when it changed a count.
CREATE OR REPLACE FUNCTION "product_to_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE (n.price_cents, n.low_stock_threshold, n.category_id, n.draft) IS DISTINCT FROM (o.price_cents, o.low_stock_threshold, o.category_id, o.draft)
      OR n.quantity <> (SELECT coalesce(sum(v.stock), 0) FROM product_variants AS v WHERE v.product_id = n.id)
  ) THEN
    RETURN NULL;
  END IF;
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
CREATE OR REPLACE FUNCTION "count_product_bands"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
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
    GET DIAGNOSTICS changed = ROW_COUNT;
    -- A change that moves no product between counts (a sale, a new name) changes none, and empties none.
    IF changed > 0 THEN
      DELETE FROM catalogue_band_counts WHERE products <= 0;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
