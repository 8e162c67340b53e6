CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
-- The words of a product's text, each once: lower case, as the `simple` text search parser splits them
-- (letters of any script), without the compounds it also gives ("café-crème", "user@example.com": their
-- parts are words), four to 100 characters (a correction is one typo from a word of five or more).
CREATE FUNCTION "product_words"(name text, description text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lexeme FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, name || ' ' || description))) AS lexeme
  WHERE length(lexeme) BETWEEN 4 AND 100 AND lexeme !~ '[[:punct:][:space:]]'
$$;--> statement-breakpoint
-- search_words follows the listed products' names and descriptions. Words are written in their order, so
-- two writers lock shared words in the same order (no deadlock); a word no product has any more goes.
-- An update whose rows keep their name, description and draft state (an order's stock) changes nothing.
CREATE FUNCTION "count_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  changes integer[];
  gone text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO words, changes FROM (
      SELECT w AS word, count(*)::int AS n FROM new_rows r, product_words(r.name, r.description) AS w WHERE NOT r.draft GROUP BY w
    ) AS delta;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO words, changes FROM (
      SELECT w AS word, -count(*)::int AS n FROM old_rows r, product_words(r.name, r.description) AS w WHERE NOT r.draft GROUP BY w
    ) AS delta;
  ELSE
    -- Only the rows whose name, description or draft state changed.
    WITH changed AS (
      SELECT o.name AS old_name, o.description AS old_description, o.draft AS old_draft, n.name, n.description, n.draft
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.name, o.description, o.draft) IS DISTINCT FROM (n.name, n.description, n.draft)
    )
    SELECT array_agg(word ORDER BY word), array_agg(n ORDER BY word) INTO words, changes FROM (
      SELECT word, sum(change)::int AS n FROM (
        SELECT w AS word, -1 AS change FROM changed c, product_words(c.old_name, c.old_description) AS w WHERE NOT c.old_draft
        UNION ALL
        SELECT w, 1 FROM changed c, product_words(c.name, c.description) AS w WHERE NOT c.draft
      ) AS words GROUP BY word HAVING sum(change) <> 0
    ) AS delta;
  END IF;
  IF words IS NULL THEN
    RETURN NULL;
  END IF;
  WITH written AS (
    INSERT INTO search_words AS s (word, products) SELECT word, n FROM unnest(words, changes) AS delta(word, n) ORDER BY word
    ON CONFLICT (word) DO UPDATE SET products = s.products + excluded.products
    RETURNING word, products
  )
  SELECT array_agg(word ORDER BY word) INTO gone FROM written WHERE products <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_words WHERE word = ANY (gone) AND products <= 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "reset_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_words;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "products_words_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "products_words_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_search_words"();--> statement-breakpoint
CREATE TRIGGER "products_words_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_search_words"();--> statement-breakpoint
INSERT INTO search_words (word, products)
  SELECT w, count(*)::int FROM products p, product_words(p.name, p.description) AS w WHERE NOT p.draft GROUP BY w;--> statement-breakpoint
-- After the words are in: the index built in one pass.
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);
