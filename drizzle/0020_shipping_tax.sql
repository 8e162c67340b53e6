CREATE TABLE "order_tax_lines" (
	"order_id" integer NOT NULL,
	"tax_class" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"base_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "order_tax_lines_order_id_tax_class_pk" PRIMARY KEY("order_id","tax_class")
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"zone_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_from_minor" bigint,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipping_rates_kind_valid" CHECK ("shipping_rates"."kind" in ('flat', 'weight', 'price', 'pickup'))
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"postcode_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"zone_id" integer NOT NULL,
	"tax_class" text NOT NULL,
	"basis_points" integer NOT NULL,
	CONSTRAINT "tax_rates_zone_id_tax_class_pk" PRIMARY KEY("zone_id","tax_class"),
	CONSTRAINT "tax_rates_class_valid" CHECK ("tax_rates"."tax_class" in ('standard', 'reduced', 'zero')),
	CONSTRAINT "tax_rates_range" CHECK ("tax_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_region" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_postcode" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id","position","id");--> statement-breakpoint
CREATE INDEX "shipping_zones_countries_idx" ON "shipping_zones" USING gin ("countries");--> statement-breakpoint
CREATE INDEX "shipping_zones_position_idx" ON "shipping_zones" USING btree ("position","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_valid" CHECK ("products"."tax_class" in ('standard', 'reduced', 'zero'));