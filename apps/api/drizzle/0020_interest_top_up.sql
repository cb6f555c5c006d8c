-- Issue 31 point 4: a receipt's reversal tops up each day of default interest the run charged on the smaller
-- balance that receipt had left (kind interest_top_up; the day's own row stays one per instalment and date).
ALTER TABLE "loan_charges" DROP CONSTRAINT "loan_charges_kind_check";--> statement-breakpoint
ALTER TABLE "loan_charges" DROP CONSTRAINT "loan_charges_amount_check";--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_kind_check" CHECK ("loan_charges"."kind" in ('late_fee', 'default_interest', 'waiver', 'reinstatement', 'interest_top_up'));--> statement-breakpoint
ALTER TABLE "loan_charges" ADD CONSTRAINT "loan_charges_amount_check" CHECK (("loan_charges"."kind" = 'late_fee' and "loan_charges"."component" = 'lateFee' and "loan_charges"."amount_cents" > 0 and "loan_charges"."reason" is null)
        or ("loan_charges"."kind" = 'default_interest' and "loan_charges"."component" = 'penalty' and "loan_charges"."amount_cents" > 0 and "loan_charges"."reason" is null)
        or ("loan_charges"."kind" = 'waiver' and "loan_charges"."component" in ('lateFee', 'penalty', 'charge', 'administratorFee')
          and "loan_charges"."amount_cents" < 0 and "loan_charges"."reason" in ('value_date', 'payoff'))
        or ("loan_charges"."kind" = 'reinstatement' and "loan_charges"."component" in ('lateFee', 'penalty', 'charge', 'administratorFee')
          and "loan_charges"."amount_cents" > 0 and "loan_charges"."reason" is null and "loan_charges"."reinstates_charge_id" is not null)
        or ("loan_charges"."kind" = 'interest_top_up' and "loan_charges"."component" = 'penalty' and "loan_charges"."amount_cents" > 0
          and "loan_charges"."reason" is null and "loan_charges"."reinstates_charge_id" is null));