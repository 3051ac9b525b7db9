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
CREATE TABLE "offer_cap_hits" (
	"offer_id" integer NOT NULL,
	"day" text NOT NULL,
	"hit_at" timestamp with time zone DEFAULT now() NOT NULL,
	"conversions" integer NOT NULL,
	CONSTRAINT "offer_cap_hits_offer_id_day_pk" PRIMARY KEY("offer_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "flow" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "campaign_flow_changes" ADD CONSTRAINT "campaign_flow_changes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_cap_hits" ADD CONSTRAINT "offer_cap_hits_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_flow_changes_campaign_idx" ON "campaign_flow_changes" USING btree ("campaign_id","changed_at");