-- Issue 34 point 7 (decision 019): the daily run's check of the books, incrementally. A check records what it counted (books_checkpoints) and the next adds only the journal lines and wallet entries after it: both tables are append-only. So that no line below the highest id read is still uncommitted, every insert into either takes a shared advisory lock for its transaction and the check an exclusive one while it reads the highest ids. The outstanding principal is compared loan by loan for the loans marked since (books_dirty_loans: their instalments' principal, coverage or voiding, or their disbursement date changed) and those with new portfolio lines; the loans that disagree are kept with their difference (books_loan_differences). No checkpoint yet: the first check after this migration counts everything.
CREATE TABLE "books_checkpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"journal_line_id" bigint NOT NULL,
	"wallet_entry_id" bigint NOT NULL,
	"debit_cents" bigint NOT NULL,
	"credit_cents" bigint NOT NULL,
	"portfolio_cents" bigint NOT NULL,
	"wallet_books_cents" bigint NOT NULL,
	"wallets_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books_dirty_loans" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"mark" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books_loan_differences" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"difference_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "books_checkpoints_line_idx" ON "books_checkpoints" USING btree ("journal_line_id");--> statement-breakpoint
CREATE FUNCTION "books_insert_barrier"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('books:barrier'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_books_barrier" BEFORE INSERT ON "journal_lines"
	FOR EACH STATEMENT EXECUTE FUNCTION "books_insert_barrier"();--> statement-breakpoint
CREATE TRIGGER "wallet_entries_books_barrier" BEFORE INSERT ON "wallet_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "books_insert_barrier"();--> statement-breakpoint
CREATE FUNCTION "books_mark_instalments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The daily run's own statements write statuses, late fees and default interest, never principal.
  IF coalesce(current_setting('prestamos.servicing_run', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "books_dirty_loans" ("loan_id")
      SELECT DISTINCT "loan_id" FROM "new_rows"
      ON CONFLICT ("loan_id") DO UPDATE SET "mark" = nextval('books_dirty_loans_mark_seq');
  ELSE
    INSERT INTO "books_dirty_loans" ("loan_id")
      SELECT DISTINCT n."loan_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."amount_cents", n."amount_covered_cents", n."voided_at")
        IS DISTINCT FROM (o."amount_cents", o."amount_covered_cents", o."voided_at")
      ON CONFLICT ("loan_id") DO UPDATE SET "mark" = nextval('books_dirty_loans_mark_seq');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "instalments_books_mark_insert" AFTER INSERT ON "instalments"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "books_mark_instalments"();--> statement-breakpoint
CREATE TRIGGER "instalments_books_mark_update" AFTER UPDATE ON "instalments"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "books_mark_instalments"();--> statement-breakpoint
CREATE FUNCTION "books_mark_loans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "books_dirty_loans" ("loan_id")
    SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE n."disbursed_on" IS DISTINCT FROM o."disbursed_on"
    ON CONFLICT ("loan_id") DO UPDATE SET "mark" = nextval('books_dirty_loans_mark_seq');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loans_books_mark_update" AFTER UPDATE ON "loans"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "books_mark_loans"();
