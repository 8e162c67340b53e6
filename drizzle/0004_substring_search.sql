-- pg_trgm (trusted since PostgreSQL 13; PGlite ships it as an extension the client loads) indexes substring search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "products_text_trgm_idx" ON "products" USING gin (("name" || ' ' || "description") gin_trgm_ops);
