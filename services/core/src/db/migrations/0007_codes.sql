CREATE TABLE "mail_sources" (
	"kind" text PRIMARY KEY NOT NULL,
	"mailbox" text,
	"last_poll_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_mail_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"stored" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"uid_validity" text,
	"last_uid" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "verification_codes_received_idx" ON "verification_codes" USING btree ("received_at");