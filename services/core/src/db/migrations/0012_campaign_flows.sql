CREATE TABLE "campaign_flow_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"changed_by" text,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "flow" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_flow_changes" ADD CONSTRAINT "campaign_flow_changes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_flow_changes_campaign_idx" ON "campaign_flow_changes" USING btree ("campaign_id","changed_at");