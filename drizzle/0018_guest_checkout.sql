CREATE TABLE "guest_claim_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guest_claim_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"mail_id" integer,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_email_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_claim_tokens" ADD CONSTRAINT "guest_claim_tokens_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_claim_tokens" ADD CONSTRAINT "guest_claim_tokens_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_claim_tokens_hash_unique" ON "guest_claim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_claim_tokens_mail_unique" ON "guest_claim_tokens" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "guest_claim_tokens_account_idx" ON "guest_claim_tokens" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_guest_email_unique" ON "users" USING btree ("email") WHERE "users"."guest";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email") WHERE not "users"."guest";