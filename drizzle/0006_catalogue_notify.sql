-- GIN indexes without a pending list: a bulk load is searchable at full speed at once (not after the next
-- vacuum). Altered in place; what is pending now is merged.
ALTER INDEX "products_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "products_text_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_text_trgm_idx'::regclass);--> statement-breakpoint
-- Any change to what the catalogue shows (products, their stock and photos, categories, old slugs) tells
-- every server process at commit, which then drops its cached catalogue answers (LISTEN catalogue_changed).
CREATE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_photos_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_slug_history_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_slug_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "category_slug_history_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_slug_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
