-- Issue 34 point 7 (decision 019): the daily run's ordinary day looks only at the loans that can change on the date. A loan whose instalments were inserted or updated, or whose status or terms changed, outside the run's own statements (which set prestamos.servicing_run) is marked here by statement-level triggers; the run clears the marks it saw. Every loan being paid is marked once now, so the first run after this migration looks at the whole book.
CREATE TABLE "servicing_dirty_loans" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"mark" bigserial NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "servicing_mark_instalments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('prestamos.servicing_run', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "servicing_dirty_loans" ("loan_id")
    SELECT DISTINCT "loan_id" FROM "changed_rows"
    ON CONFLICT ("loan_id") DO UPDATE SET "mark" = nextval('servicing_dirty_loans_mark_seq');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "instalments_servicing_mark_insert" AFTER INSERT ON "instalments"
	REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "servicing_mark_instalments"();--> statement-breakpoint
CREATE TRIGGER "instalments_servicing_mark_update" AFTER UPDATE ON "instalments"
	REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "servicing_mark_instalments"();--> statement-breakpoint
CREATE FUNCTION "servicing_mark_loans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('prestamos.servicing_run', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "servicing_dirty_loans" ("loan_id")
    SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE (n."status", n."payments", n."grace_days", n."arrears_tolerance_cents", n."late_fee_cents")
      IS DISTINCT FROM (o."status", o."payments", o."grace_days", o."arrears_tolerance_cents", o."late_fee_cents")
    ON CONFLICT ("loan_id") DO UPDATE SET "mark" = nextval('servicing_dirty_loans_mark_seq');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loans_servicing_mark_update" AFTER UPDATE ON "loans"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "servicing_mark_loans"();--> statement-breakpoint
INSERT INTO "servicing_dirty_loans" ("loan_id") SELECT "id" FROM "loans" WHERE "status" IN (3, 8, 9, 10, 11);
