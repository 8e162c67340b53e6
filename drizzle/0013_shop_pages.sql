CREATE TABLE "home_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "home_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"image" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"privacy_policy" text DEFAULT '' NOT NULL,
	"shipping_policy" text DEFAULT '' NOT NULL,
	"returns_policy" text DEFAULT '' NOT NULL,
	"announcement_text" text DEFAULT '' NOT NULL,
	"announcement_link" text DEFAULT '' NOT NULL,
	"announcement_on" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_details_one_row" CHECK ("shop_details"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "home_banners_position_idx" ON "home_banners" USING btree ("position");--> statement-breakpoint
-- The shop's words and banners are in the answer cache's shop-content answer: a change tells every process.
CREATE TRIGGER "shop_details_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "home_banners_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "home_banners"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
