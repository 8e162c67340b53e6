CREATE TABLE "product_photo_variants" (
	"product_id" integer NOT NULL,
	"width" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "product_photo_variants_product_id_width_pk" PRIMARY KEY("product_id","width")
);
--> statement-breakpoint
ALTER TABLE "product_photo_variants" ADD CONSTRAINT "product_photo_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;