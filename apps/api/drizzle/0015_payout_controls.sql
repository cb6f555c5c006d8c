-- Issue 31 (the payout account and the disbursement's controls): a one-time code that confirms a
-- bank-account change, the record of a reversed disbursement, and a voided schedule that stays in
-- the books (its instalments keep their history; a later disbursement makes a fresh one). Written
-- by hand in drizzle-kit's form.
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_target_check";--> statement-breakpoint
CREATE TABLE "disbursement_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"disbursed_by_staff_id" integer,
	"disbursed_at" timestamp with time zone NOT NULL,
	"disbursed_on" date NOT NULL,
	"disbursement_reference" text NOT NULL,
	"payout_bank_account_id" integer,
	"instalments" smallint NOT NULL,
	"reason" text NOT NULL,
	"business_date" date NOT NULL,
	"reversed_by_staff_id" integer NOT NULL,
	"reversed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "disbursement_reversals_reason_check" CHECK (length("disbursement_reversals"."reason") between 1 and 500),
	CONSTRAINT "disbursement_reversals_amount_check" CHECK ("disbursement_reversals"."amount_cents" > 0 and "disbursement_reversals"."instalments" >= 0)
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disbursement_reversals" ADD CONSTRAINT "disbursement_reversals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursement_reversals" ADD CONSTRAINT "disbursement_reversals_disbursed_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("disbursed_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursement_reversals" ADD CONSTRAINT "disbursement_reversals_payout_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("payout_bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursement_reversals" ADD CONSTRAINT "disbursement_reversals_reversed_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("reversed_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disbursement_reversals_loan_idx" ON "disbursement_reversals" USING btree ("loan_id","id");--> statement-breakpoint
-- One live schedule per loan: a voided instalment keeps its position, the fresh schedule reuses it.
DROP INDEX "instalments_loan_position_key";--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_loan_position_key" ON "instalments" USING btree ("loan_id","position") WHERE "instalments"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('registration', 'login', 'phone_change', 'bank_account_change', 'staff_login'));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_target_check" CHECK (("one_time_codes"."purpose" = 'registration' and "one_time_codes"."phone" is not null) or ("one_time_codes"."purpose" = 'login' and "one_time_codes"."borrower_id" is not null) or ("one_time_codes"."purpose" = 'phone_change' and "one_time_codes"."borrower_id" is not null and "one_time_codes"."phone" is not null) or ("one_time_codes"."purpose" = 'bank_account_change' and "one_time_codes"."borrower_id" is not null) or ("one_time_codes"."purpose" = 'staff_login' and "one_time_codes"."staff_id" is not null));
