CREATE TABLE "cake_integration" (
	"id" integer PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"affiliate_id" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"api_key_last4" text NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_rows" integer,
	"last_duration_ms" integer,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cake_conversions_subid2_idx" ON "cake_conversions" USING btree ("subid2");--> statement-breakpoint
CREATE INDEX "cake_conversions_date_idx" ON "cake_conversions" USING btree ("conversion_date");