CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_addresses" (
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "mail_id" integer;--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_addresses_last_idx" ON "sign_in_addresses" USING btree ("last_at");--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_open_buyer_idx" ON "orders" USING btree ("buyer_id") WHERE "orders"."status" in ('not_processed', 'processing', 'shipped');--> statement-breakpoint
CREATE INDEX "orders_open_from_idx" ON "orders" USING btree ("placed_from") WHERE "orders"."status" in ('not_processed', 'processing', 'shipped');--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_mail_unique" ON "password_reset_tokens" USING btree ("mail_id");--> statement-breakpoint
-- Reset mails written before: their links are taken out of the outbox (each was mailed already, or its
-- mail is written again with a fresh link when it is sent).
UPDATE "mail_outbox" SET "text" = regexp_replace("text", '#token=[A-Za-z0-9%._~-]+', '#token=(not kept)', 'g'), "html" = regexp_replace("html", '#token=[A-Za-z0-9%._~-]+', '#token=(not kept)', 'g') WHERE "kind" = 'password-reset';
