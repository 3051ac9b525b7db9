ALTER TABLE "conversion_revisions" ADD COLUMN "click_id" text;--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "payout" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "attributed" boolean;--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "conversion_revisions" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversion_revisions_received_idx" ON "conversion_revisions" USING btree ("received_at","event_id");--> statement-breakpoint
CREATE INDEX "conversion_revisions_click_idx" ON "conversion_revisions" USING btree ("click_id");