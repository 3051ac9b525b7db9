CREATE TABLE "advertiser_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"billing_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertiser_companies_companyName_unique" UNIQUE("company_name")
);
--> statement-breakpoint
CREATE TABLE "advertiser_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"company_name" text NOT NULL,
	"billing_address" text,
	"line_items" text NOT NULL,
	"period" text NOT NULL,
	"total_amount" numeric(10, 2) NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"pay_terms" text,
	"notes" text,
	"pdf_generated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertiser_invoices_invoiceNumber_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
CREATE TABLE "cake_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversion_id" text NOT NULL,
	"conversion_date" timestamp with time zone NOT NULL,
	"offer_id" text,
	"offer_name" text,
	"subid1" text,
	"subid2" text,
	"subid3" text,
	"revenue" numeric(10, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "cake_conversions_conversionId_unique" UNIQUE("conversion_id")
);
--> statement-breakpoint
CREATE TABLE "cake_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"offer_id" text NOT NULL,
	"offer_name" text DEFAULT '' NOT NULL,
	"subid1" text DEFAULT '' NOT NULL,
	"subid2" text DEFAULT '' NOT NULL,
	"subid3" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(10, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "cake_stats_day_offer_subids_key" UNIQUE("date","offer_id","subid1","subid2","subid3")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lander_id" integer,
	"offer_id" integer,
	"domain_id" integer,
	"spark_id" integer,
	"tiktok_pixel_id" integer,
	"default_tiktok_event" text DEFAULT 'CompletePayment' NOT NULL,
	"bh_toggle" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"subdomain" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"purchase_order_id" text,
	"purchase_amount" numeric(10, 2),
	"cloudflare_zone_id" text,
	"cloudflare_record_id" text,
	"nameservers" text[],
	"error_message" text,
	"purchased_at" timestamp with time zone,
	"configured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "generated_websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"store_name" text NOT NULL,
	"store_type" text NOT NULL,
	"html_content" text NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generated_websites_campaignId_unique" UNIQUE("campaign_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"prefix" text PRIMARY KEY NOT NULL,
	"current_year" integer NOT NULL,
	"current_sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"from_company_name" text,
	"from_address" text,
	"bill_to_name" text,
	"bill_to_address" text,
	"terms" text,
	"account_manager" text,
	"bank_name" text,
	"bank_address" text,
	"beneficiary_name" text,
	"beneficiary_address" text,
	"routing_number" text,
	"wire_routing_number" text,
	"swift_code" text,
	"iban" text,
	"ifsc_code" text,
	"account_number" text,
	"check_address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts_made" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"backoff_ms" integer DEFAULT 1000 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"progress" jsonb,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "landers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"utm_template" text DEFAULT 'sub1={clickId}&sub2={campaign}&sub3={adGroup}&sub4={creative}&sub5={placement}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"click_id" text NOT NULL,
	"payout" numeric(10, 2) NOT NULL,
	"offer_id" text,
	"offer_name" text,
	"status" text DEFAULT 'approved' NOT NULL,
	"metadata" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postback_conversions_transactionId_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "publisher_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"media_buyer" text NOT NULL,
	"description" text NOT NULL,
	"period" text NOT NULL,
	"amount_paid" numeric(10, 2) NOT NULL,
	"revenue_share_percent" numeric(5, 2) NOT NULL,
	"profit" numeric(10, 2) NOT NULL,
	"invoice_date" date NOT NULL,
	"notes" text,
	"pdf_generated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publisher_invoices_invoiceNumber_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sparks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"spark_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sparks_sparkId_unique" UNIQUE("spark_id")
);
--> statement-breakpoint
CREATE TABLE "tiktok_pixel_event_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"pixel_id" integer,
	"event_name" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"request_payload" jsonb,
	"response_data" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tiktok_pixels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pixel_id" text NOT NULL,
	"access_token" text NOT NULL,
	"website_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_pixels_pixelId_unique" UNIQUE("pixel_id")
);
--> statement-breakpoint
CREATE TABLE "tiktok_spend" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"tiktok_campaign_id" text NOT NULL,
	"campaign_name" text,
	"spend" numeric(12, 2) DEFAULT '0' NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_spend_day_campaign_key" UNIQUE("date","tiktok_campaign_id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"registered_card_last4" text,
	"funding_source" text,
	"type_of_account" text,
	"transaction_date" timestamp with time zone,
	"clear_date" timestamp with time zone,
	"type" text,
	"status" text NOT NULL,
	"name_on_card" text,
	"auth_billing_amount" numeric(12, 2) NOT NULL,
	"merchant_name" text,
	"merchant_city" text,
	"merchant_state" text,
	"vcn_nickname" text,
	"vcn_last4" text,
	"reference_id" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_dashboard_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"visible_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"column_widths" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"feature" text NOT NULL,
	CONSTRAINT "user_permissions_user_feature_key" UNIQUE("user_id","feature")
);
--> statement-breakpoint
CREATE TABLE "user_spark_assignments" (
	"user_id" integer NOT NULL,
	"spark_id" integer NOT NULL,
	CONSTRAINT "user_spark_assignments_user_id_spark_id_pk" PRIMARY KEY("user_id","spark_id")
);
--> statement-breakpoint
CREATE TABLE "user_subid1_assignments" (
	"user_id" integer NOT NULL,
	"subid1" text NOT NULL,
	CONSTRAINT "user_subid1_assignments_user_id_subid1_pk" PRIMARY KEY("user_id","subid1")
);
--> statement-breakpoint
CREATE TABLE "user_vcn_assignments" (
	"user_id" integer NOT NULL,
	"vcn_nickname" text NOT NULL,
	CONSTRAINT "user_vcn_assignments_user_id_vcn_nickname_pk" PRIMARY KEY("user_id","vcn_nickname")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"subject" text,
	"message_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_messageId_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_lander_id_landers_id_fk" FOREIGN KEY ("lander_id") REFERENCES "public"."landers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tiktok_pixel_id_tiktok_pixels_id_fk" FOREIGN KEY ("tiktok_pixel_id") REFERENCES "public"."tiktok_pixels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_websites" ADD CONSTRAINT "generated_websites_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiktok_pixel_event_history" ADD CONSTRAINT "tiktok_pixel_event_history_pixel_id_tiktok_pixels_id_fk" FOREIGN KEY ("pixel_id") REFERENCES "public"."tiktok_pixels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dashboard_preferences" ADD CONSTRAINT "user_dashboard_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_spark_assignments" ADD CONSTRAINT "user_spark_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_spark_assignments" ADD CONSTRAINT "user_spark_assignments_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subid1_assignments" ADD CONSTRAINT "user_subid1_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vcn_assignments" ADD CONSTRAINT "user_vcn_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "postback_conversions_click_idx" ON "postback_conversions" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tiktok_pixel_event_history_pixel_idx" ON "tiktok_pixel_event_history" USING btree ("pixel_id","timestamp");--> statement-breakpoint
CREATE INDEX "transactions_reference_idx" ON "transactions" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "transactions_date_idx" ON "transactions" USING btree ("transaction_date");