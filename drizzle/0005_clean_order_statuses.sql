-- Order statuses are stored under the shop's own names; the specification's spellings ('Not Process',
-- 'deliverd', 'cancel') stay on the wire only (the contract maps them).
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
UPDATE "orders" SET "status" = CASE "status"
  WHEN 'Not Process' THEN 'not_processed'
  WHEN 'Processing' THEN 'processing'
  WHEN 'Shipped' THEN 'shipped'
  WHEN 'deliverd' THEN 'delivered'
  WHEN 'cancel' THEN 'cancelled'
  ELSE "status" END;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'not_processed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('not_processed', 'processing', 'shipped', 'delivered', 'cancelled'));
