CREATE TABLE "rule_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"object_id" text NOT NULL,
	"object_name" text NOT NULL,
	"metrics" jsonb NOT NULL,
	"action" text NOT NULL,
	"mode" text NOT NULL,
	"change" text NOT NULL,
	"result" text NOT NULL,
	"tiktok_code" integer,
	"tiktok_message" text,
	"tiktok_request_id" text
);
--> statement-breakpoint
CREATE TABLE "rule_object_states" (
	"rule_id" integer NOT NULL,
	"level" text NOT NULL,
	"object_id" text NOT NULL,
	"advertiser_id" text NOT NULL,
	"last_action_at" timestamp with time zone,
	"pending" jsonb,
	"pending_since" timestamp with time zone,
	CONSTRAINT "rule_object_states_rule_id_level_object_id_pk" PRIMARY KEY("rule_id","level","object_id")
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"account_ids" jsonb NOT NULL,
	"campaign_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"window" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"guard" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"cooldown_minutes" integer NOT NULL,
	"max_actions_per_day" integer NOT NULL,
	"mode" text NOT NULL,
	"notify" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rule_log" ADD CONSTRAINT "rule_log_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_object_states" ADD CONSTRAINT "rule_object_states_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_log_rule_at_idx" ON "rule_log" USING btree ("rule_id","at");--> statement-breakpoint
CREATE INDEX "rule_log_at_idx" ON "rule_log" USING btree ("at");