-- Company names are unique regardless of case. Names saved before that differ only in case keep their
-- rows (invoices copy the name, so nothing refers to them): the later ones are told apart by a suffix.
UPDATE "advertiser_companies" AS c SET "company_name" = c."company_name" || ' (' || d.n || ')'
FROM (SELECT "id", row_number() OVER (PARTITION BY lower("company_name") ORDER BY "id") AS n FROM "advertiser_companies") AS d
WHERE c."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "advertiser_companies_name_ci_key" ON "advertiser_companies" USING btree (lower("company_name"));
