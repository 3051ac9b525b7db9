CREATE TABLE "event_log_spills" (
	"instance" text PRIMARY KEY NOT NULL,
	"records" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"forwarded_total" bigint NOT NULL,
	"refused_total" bigint NOT NULL,
	"last_forwarded_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone NOT NULL
);
