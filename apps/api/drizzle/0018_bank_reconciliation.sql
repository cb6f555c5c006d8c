-- Issue 31 point 5 (bank reconciliation): each bank's statement layout, the statements imported and
-- their lines. Written by hand in drizzle-kit's form (schema/reconciliation.ts); the layouts of BAC
-- Credomatic, Banco Atlántida and Banco Ficohsa seeded at the end (their banks first, as 0014 did for
-- BAC: a database migrated before its first start has no banks yet).
CREATE TABLE "bank_statement_layouts" (
	"bank_code" smallint PRIMARY KEY NOT NULL,
	"delimiter" text NOT NULL,
	"skip_rows" smallint NOT NULL,
	"date_column" smallint NOT NULL,
	"reference_column" smallint NOT NULL,
	"description_column" smallint NOT NULL,
	"amount_mode" text NOT NULL,
	"amount_column" smallint,
	"credit_column" smallint,
	"debit_column" smallint,
	"date_format" text NOT NULL,
	"decimal_separator" text NOT NULL,
	"thousands_separator" text NOT NULL,
	"updated_by_staff_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_layouts_amount_check" CHECK (("bank_statement_layouts"."amount_mode" = 'signed' and "bank_statement_layouts"."amount_column" is not null and "bank_statement_layouts"."credit_column" is null and "bank_statement_layouts"."debit_column" is null)
        or ("bank_statement_layouts"."amount_mode" = 'split' and "bank_statement_layouts"."amount_column" is null and "bank_statement_layouts"."credit_column" is not null and "bank_statement_layouts"."debit_column" is not null)),
	CONSTRAINT "bank_statement_layouts_format_check" CHECK ("bank_statement_layouts"."delimiter" in (',', ';', E'\t') and "bank_statement_layouts"."date_format" in ('dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd-mm-yyyy')
        and "bank_statement_layouts"."decimal_separator" in ('.', ',') and "bank_statement_layouts"."thousands_separator" in (',', '.', ' ', '')
        and "bank_statement_layouts"."thousands_separator" <> "bank_statement_layouts"."decimal_separator" and "bank_statement_layouts"."skip_rows" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" smallint NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"imported_by_staff_id" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"lines_in_file" integer NOT NULL,
	"lines_added" integer NOT NULL,
	"credits_added" integer NOT NULL,
	"credit_cents_added" bigint NOT NULL,
	CONSTRAINT "bank_statements_sha256_check" CHECK ("bank_statements"."file_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "bank_statements_counts_check" CHECK ("bank_statements"."lines_added" between 0 and "bank_statements"."lines_in_file" and "bank_statements"."credits_added" between 0 and "bank_statements"."lines_added"
        and "bank_statements"."credit_cents_added" >= 0 and "bank_statements"."first_date" <= "bank_statements"."last_date")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"bank_code" smallint NOT NULL,
	"row_number" integer NOT NULL,
	"posted_on" date NOT NULL,
	"reference" text NOT NULL,
	"canonical_reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"occurrence" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"matched_receipt_id" integer,
	"matched_by_staff_id" integer,
	"matched_at" timestamp with time zone,
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount_cents" <> 0 and "bank_statement_lines"."occurrence" >= 1),
	CONSTRAINT "bank_statement_lines_fingerprint_check" CHECK ("bank_statement_lines"."fingerprint" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "bank_statement_lines_match_check" CHECK (("bank_statement_lines"."matched_receipt_id" is null) = ("bank_statement_lines"."matched_by_staff_id" is null)
        and ("bank_statement_lines"."matched_receipt_id" is null) = ("bank_statement_lines"."matched_at" is null)
        and ("bank_statement_lines"."matched_receipt_id" is null or "bank_statement_lines"."amount_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_layouts" ADD CONSTRAINT "bank_statement_layouts_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_layouts" ADD CONSTRAINT "bank_statement_layouts_updated_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("imported_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_bank_file_key" ON "bank_statements" USING btree ("bank_code","file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_id_bank_key" ON "bank_statements" USING btree ("id","bank_code");--> statement-breakpoint
CREATE INDEX "bank_statements_imported_idx" ON "bank_statements" USING btree ("imported_at","id");--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_receipt_id_receipts_id_fk" FOREIGN KEY ("matched_receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("matched_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_fk" FOREIGN KEY ("statement_id","bank_code") REFERENCES "public"."bank_statements"("id","bank_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint_key" ON "bank_statement_lines" USING btree ("bank_code","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_matched_receipt_key" ON "bank_statement_lines" USING btree ("matched_receipt_id") WHERE "bank_statement_lines"."matched_receipt_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","row_number");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_reference_idx" ON "bank_statement_lines" USING btree ("bank_code","canonical_reference");--> statement-breakpoint
INSERT INTO "banks" ("code", "name") VALUES (1, 'Banco Atlántida'), (2, 'BAC Credomatic'), (3, 'Banco Ficohsa') ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- The layouts of the sample statements in apps/api/test/fixtures/bank-statements/: BAC a comma file
-- with six rows of title and header, a debit and a credit column; Atlántida semicolons, decimal
-- commas and one signed amount column; Ficohsa quoted cells, ISO dates, 'L' before the amounts.
INSERT INTO "bank_statement_layouts" ("bank_code", "delimiter", "skip_rows", "date_column", "reference_column", "description_column", "amount_mode", "amount_column", "credit_column", "debit_column", "date_format", "decimal_separator", "thousands_separator") VALUES
	(2, ',', 6, 1, 2, 3, 'split', NULL, 5, 4, 'dd/mm/yyyy', '.', ','),
	(1, ';', 3, 1, 3, 2, 'signed', 4, NULL, NULL, 'dd-mm-yyyy', ',', '.'),
	(3, ',', 1, 1, 5, 2, 'split', NULL, 4, 3, 'yyyy-mm-dd', '.', ',');
