CREATE TABLE "conversion_revisions" (
	"event_id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parked_conversions" (
	"event_id" text PRIMARY KEY NOT NULL,
	"click_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"log_partition" integer NOT NULL,
	"log_offset" bigint NOT NULL,
	"parked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projector_batches" (
	"group_name" text NOT NULL,
	"partition" integer NOT NULL,
	"first_offset" bigint NOT NULL,
	"last_offset" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projector_batches_group_name_partition_first_offset_pk" PRIMARY KEY("group_name","partition","first_offset")
);
--> statement-breakpoint
CREATE INDEX "conversion_revisions_transaction_idx" ON "conversion_revisions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "parked_conversions_parked_idx" ON "parked_conversions" USING btree ("parked_at");