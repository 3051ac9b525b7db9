CREATE TABLE "statement_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_day_totals" (
	"vcn_nickname" text NOT NULL,
	"status" text NOT NULL,
	"day" date,
	"transactions" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_reference_idx";--> statement-breakpoint
DROP INDEX "transactions_date_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "identity_key" text NOT NULL;--> statement-breakpoint
CREATE INDEX "transaction_day_totals_nickname_idx" ON "transaction_day_totals" USING btree ("vcn_nickname","day");--> statement-breakpoint
CREATE INDEX "transactions_newest_idx" ON "transactions" USING btree ("transaction_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_vcn_nickname_idx" ON "transactions" USING btree ("vcn_nickname");--> statement-breakpoint
CREATE INDEX "transactions_vcn_last4_idx" ON "transactions" USING btree ("vcn_last4");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_identity_key" UNIQUE("identity_key");--> statement-breakpoint
-- hand-written (carry over): fill the totals from transactions already stored (the import rebuilds them after).
INSERT INTO "transaction_day_totals" ("vcn_nickname", "status", "day", "transactions", "amount")
SELECT coalesce("vcn_nickname", ''), "status", ("transaction_date" AT TIME ZONE 'UTC')::date, count(*)::int, sum("auth_billing_amount")
FROM "transactions" GROUP BY 1, 2, 3;
