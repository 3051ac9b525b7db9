ALTER TABLE "advertiser_invoices" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "publisher_invoices" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;