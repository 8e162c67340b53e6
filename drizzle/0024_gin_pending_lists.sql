-- GIN indexes on updated rows keep a small pending list (decision record 0020): their storage options are
-- changed in place (no rebuild); the schema's snapshot names the same options.
ALTER INDEX "mail_outbox_search_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "products_search_idx" SET (fastupdate = true, gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "products_text_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 256);
