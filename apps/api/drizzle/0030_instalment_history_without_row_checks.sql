-- Issue 34 point 7 (decision 019): the daily run's history rows are no longer checked one by one by foreign keys. An ordinary day at 1,000,000 borrowers writes about 580,000 status changes and 460,000 reminder claims; each row's two lookups (the instalment and the loan, locked FOR KEY SHARE) cost more than the row itself. Their index by date goes too: nothing reads by it. Their ids come from the rows the same statement updated or read, and neither instalments nor loans ever lose a row: the statement triggers below refuse any delete, which is what the foreign keys guarded against.
ALTER TABLE "instalment_reminders" DROP CONSTRAINT "instalment_reminders_instalment_id_instalments_id_fk";
--> statement-breakpoint
ALTER TABLE "instalment_status_changes" DROP CONSTRAINT "instalment_status_changes_instalment_id_instalments_id_fk";
--> statement-breakpoint
ALTER TABLE "instalment_status_changes" DROP CONSTRAINT "instalment_status_changes_loan_id_loans_id_fk";
--> statement-breakpoint
DROP INDEX "instalment_status_changes_date_idx";
--> statement-breakpoint
CREATE FUNCTION "refuse_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are never deleted (a loan is closed, an instalment voided)', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "instalments_never_deleted" BEFORE DELETE ON "instalments" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_delete"();--> statement-breakpoint
CREATE TRIGGER "loans_never_deleted" BEFORE DELETE ON "loans" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_delete"();
