-- Issue 31 point 4: a receipt's reversal puts back the waivers its money had caused, once each.
ALTER TABLE "loan_charges" DROP CONSTRAINT "loan_charges_kind_check";--> statement-breakpoint
ALTER TABLE "loan_charges" DROP CONSTRAINT "loan_charges_amount_check";--> statement-breakpoint
ALTER TABLE "loan_charges" ADD COLUMN "reinstates_charge_id" bigint;--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_reinstates_charge_fk" FOREIGN KEY ("reinstates_charge_id") REFERENCES "public"."loan_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_charges_one_reinstatement_per_waiver_key" ON "loan_charges" USING btree ("reinstates_charge_id");--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_kind_check" CHECK ("loan_charges"."kind" in ('late_fee', 'default_interest', 'waiver', 'reinstatement'));--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_amount_check" CHECK (("loan_charges"."kind" = 'late_fee' and "loan_charges"."component" = 'lateFee' and "loan_charges"."amount_cents" > 0 and "loan_charges"."reason" is null)
        or ("loan_charges"."kind" = 'default_interest' and "loan_charges"."component" = 'penalty' and "loan_charges"."amount_cents" > 0 and "loan_charges"."reason" is null)
        or ("loan_charges"."kind" = 'waiver' and "loan_charges"."component" in ('lateFee', 'penalty', 'charge', 'administratorFee')
          and "loan_charges"."amount_cents" < 0 and "loan_charges"."reason" in ('value_date', 'payoff'))
        or ("loan_charges"."kind" = 'reinstatement' and "loan_charges"."component" in ('lateFee', 'penalty', 'charge', 'administratorFee')
          and "loan_charges"."amount_cents" > 0 and "loan_charges"."reason" is null and "loan_charges"."reinstates_charge_id" is not null));