CREATE TABLE "order_status_undo" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"before_status" text NOT NULL,
	"before_payment" text NOT NULL,
	"after_status" text NOT NULL,
	"stock_moved" integer DEFAULT 0 NOT NULL,
	"mail_id" integer,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_undo" ADD CONSTRAINT "order_status_undo_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_undo" ADD CONSTRAINT "order_status_undo_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "orders_payment_created_idx" ON "orders" USING btree ("payment_status","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_to_ship_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."status" in ('not_processed', 'processing') and ("orders"."payment_method" = 'cash_on_delivery' or "orders"."payment_status" in ('paid', 'partially_refunded'));--> statement-breakpoint
CREATE INDEX "products_name_id_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_price_id_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_quantity_id_idx" ON "products" USING btree ("quantity","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "email") gin_trgm_ops) WITH (fastupdate=false);