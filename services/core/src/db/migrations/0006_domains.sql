CREATE TABLE "domain_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "registrar_domain_id" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "cloudflare_route_id" text;--> statement-breakpoint
ALTER TABLE "domain_transitions" ADD CONSTRAINT "domain_transitions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_transitions_domain_idx" ON "domain_transitions" USING btree ("domain_id","id");