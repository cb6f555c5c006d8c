-- Issue 31 point 3: a validation waiting as 'Por aprobar' that a second person sends back to the
-- cashier ('Devolver') returns to pending with the reason the cashier reads, who sent it back and when.
-- Written by hand (the lead regenerates the snapshot when the issue's migrations are merged).
ALTER TABLE "receipts" ADD COLUMN "returned_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_returned_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("returned_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_return_check" CHECK (("receipts"."returned_at" is null) = ("receipts"."returned_by_staff_id" is null)
        and ("receipts"."returned_at" is null) = ("receipts"."return_reason" is null));
