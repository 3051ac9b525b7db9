ALTER TABLE "transactions" ADD COLUMN "identity_key" text NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_newest_idx" ON "transactions" USING btree ("transaction_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_vcn_nickname_idx" ON "transactions" USING btree ("vcn_nickname");--> statement-breakpoint
CREATE INDEX "transactions_vcn_last4_idx" ON "transactions" USING btree ("vcn_last4");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_identity_key" UNIQUE("identity_key");