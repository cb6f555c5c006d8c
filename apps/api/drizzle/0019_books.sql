-- Issue 31, point 6: the books (docs/decisions/015-books.md). Written by hand: the chart of accounts,
-- the journal and its lines, the staff alerts. The journal is append-only (a trigger refuses UPDATE
-- and DELETE) and balanced (a deferred constraint trigger refuses, at commit, an entry whose debits
-- and credits differ or that has fewer than two lines). The loan book already in the database is
-- journaled by the application, not here: the server's first start after this migration (and every
-- daily run) journals each loan with anything not yet journaled, through the same posting rules
-- (`journalBacklog`, services/accounting/post-journal.ts).
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"event_kind" text NOT NULL,
	"loan_id" integer NOT NULL,
	"borrower_id" integer NOT NULL,
	"wallet_entry_id" bigint,
	"source_key" text,
	"receipt_id" integer,
	"staff_id" integer,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_event_kind_check" CHECK ("journal_entries"."event_kind" in ('disbursement', 'disbursement_reversal', 'credit', 'debit', 'release', 'reversal', 'refund', 'transfer', 'reclassification')),
	CONSTRAINT "journal_entries_source_check" CHECK (("journal_entries"."event_kind" in ('credit', 'debit', 'release', 'reversal', 'refund', 'transfer')) = ("journal_entries"."wallet_entry_id" is not null)
        and ("journal_entries"."event_kind" in ('disbursement', 'disbursement_reversal')) = ("journal_entries"."source_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_code" text NOT NULL,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"loan_id" integer NOT NULL,
	CONSTRAINT "journal_lines_side_check" CHECK ("journal_lines"."debit_cents" >= 0 and "journal_lines"."credit_cents" >= 0 and ("journal_lines"."debit_cents" > 0) <> ("journal_lines"."credit_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"normal_side" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "ledger_accounts_type_check" CHECK ("ledger_accounts"."type" in ('asset', 'liability', 'income')),
	CONSTRAINT "ledger_accounts_normal_side_check" CHECK ("ledger_accounts"."normal_side" in ('debit', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "staff_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alerts_kind_check" CHECK ("staff_alerts"."kind" in ('books_unbalanced', 'books_portfolio', 'books_wallets'))
);
--> statement-breakpoint
-- The chart of accounts: the domain's LEDGER_ACCOUNTS (packages/domain/src/books.ts), in its order.
INSERT INTO "ledger_accounts" ("code", "name", "type", "normal_side", "position") VALUES
  ('1101', 'Bancos', 'asset', 'debit', 1),
  ('1201', 'Cartera de préstamos', 'asset', 'debit', 2),
  ('2101', 'Depósitos por aplicar', 'liability', 'credit', 3),
  ('2102', 'Saldos a favor de clientes', 'liability', 'credit', 4),
  ('2103', 'Devoluciones por pagar', 'liability', 'credit', 5),
  ('2104', 'Traspasos de saldo entre préstamos', 'liability', 'credit', 6),
  ('4101', 'Ingresos por intereses', 'income', 'credit', 7),
  ('4102', 'Ingresos por comisión administrativa', 'income', 'credit', 8),
  ('4103', 'Ingresos por recargos e intereses moratorios', 'income', 'credit', 9);--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_wallet_entry_id_wallet_entries_id_fk" FOREIGN KEY ("wallet_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_code_ledger_accounts_code_fk" FOREIGN KEY ("account_code") REFERENCES "public"."ledger_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_wallet_entry_key" ON "journal_entries" USING btree ("wallet_entry_id") WHERE "journal_entries"."wallet_entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_source_key" ON "journal_entries" USING btree ("source_key") WHERE "journal_entries"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("business_date","id");--> statement-breakpoint
CREATE INDEX "journal_entries_loan_idx" ON "journal_entries" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account_code","entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_loan_idx" ON "journal_lines" USING btree ("loan_id","account_code");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alerts_date_kind_key" ON "staff_alerts" USING btree ("business_date","kind");--> statement-breakpoint
CREATE INDEX "staff_alerts_created_idx" ON "staff_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION "journal_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: journal a correcting entry instead of %', TG_TABLE_NAME, TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries"
	FOR EACH ROW EXECUTE FUNCTION "journal_append_only"();--> statement-breakpoint
CREATE TRIGGER "journal_lines_append_only" BEFORE UPDATE OR DELETE ON "journal_lines"
	FOR EACH ROW EXECUTE FUNCTION "journal_append_only"();--> statement-breakpoint
-- Balanced, checked at commit: every line of the transaction is in by then.
CREATE FUNCTION "journal_entry_balanced"(entry bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	debits bigint;
	credits bigint;
	line_count integer;
BEGIN
	SELECT coalesce(sum("debit_cents"), 0), coalesce(sum("credit_cents"), 0), count(*)
		INTO debits, credits, line_count FROM "journal_lines" WHERE "entry_id" = entry;
	IF line_count < 2 OR debits <> credits THEN
		RAISE EXCEPTION 'journal entry % is not balanced: % lines, debits %, credits %',
			entry, line_count, debits, credits;
	END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "journal_entries_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "journal_entry_balanced"(NEW."id");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "journal_lines_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "journal_entry_balanced"(NEW."entry_id");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_balanced" AFTER INSERT ON "journal_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entries_balanced"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balanced" AFTER INSERT ON "journal_lines"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_lines_balanced"();
