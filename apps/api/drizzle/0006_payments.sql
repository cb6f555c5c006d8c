CREATE TABLE "receipt_forwards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_id" text,
	"sent_at" timestamp with time zone,
	"sent_photo_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_forwards_status_check" CHECK ("receipt_forwards"."status" in ('pending', 'sent', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"instalment_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"declared_amount_cents" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"photo_sha256" text NOT NULL,
	"photo_version" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"received_amount_cents" bigint,
	"rejection_reason" text,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	"session_id" bigint,
	"ip" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"photo_updated_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_state_check" CHECK ("receipts"."state" in ('pending', 'validated', 'rejected')),
	CONSTRAINT "receipts_reference_check" CHECK ("receipts"."reference" <> '' and "receipts"."reference" !~ '\s'),
	CONSTRAINT "receipts_declared_check" CHECK ("receipts"."declared_amount_cents" > 0),
	CONSTRAINT "receipts_sha256_check" CHECK ("receipts"."photo_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "receipts_decision_check" CHECK (("receipts"."state" = 'pending') = ("receipts"."decided_at" is null)
        and ("receipts"."decided_at" is null) = ("receipts"."decided_by_staff_id" is null)
        and ("receipts"."state" = 'validated') = ("receipts"."received_amount_cents" is not null)
        and ("receipts"."state" = 'rejected') = ("receipts"."rejection_reason" is not null)
        and coalesce("receipts"."received_amount_cents", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"receipt_id" integer,
	"reverses_entry_id" bigint,
	"allocation" jsonb,
	"business_date" date NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('credit', 'debit', 'reversal')),
	CONSTRAINT "wallet_entries_amount_check" CHECK (("wallet_entries"."kind" = 'credit' and "wallet_entries"."amount_cents" > 0 and "wallet_entries"."receipt_id" is not null)
        or ("wallet_entries"."kind" = 'debit' and "wallet_entries"."amount_cents" < 0 and "wallet_entries"."allocation" is not null)
        or ("wallet_entries"."kind" = 'reversal' and "wallet_entries"."amount_cents" <> 0 and "wallet_entries"."reverses_entry_id" is not null))
);
--> statement-breakpoint
-- Written by hand: the old wallets table only ever held zeros (no payment existed before the ledger). Refuse to
-- drop a balance that is not zero rather than lose money silently.
DO $$ BEGIN
	IF EXISTS (SELECT 1 FROM "wallets" WHERE "balance_cents" <> 0) THEN
		RAISE EXCEPTION 'wallets holds a balance that is not zero: move it into wallet_entries before migrating';
	END IF;
END $$;--> statement-breakpoint
DROP TABLE "wallets" CASCADE;--> statement-breakpoint
ALTER TABLE "receipt_forwards" ADD CONSTRAINT "receipt_forwards_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_decided_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_reverses_entry_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_forwards_receipt_key" ON "receipt_forwards" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_forwards_idempotency_key" ON "receipt_forwards" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "receipt_forwards_pending_idx" ON "receipt_forwards" USING btree ("next_attempt_at") WHERE "receipt_forwards"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_borrower_loan_reference_key" ON "receipts" USING btree ("borrower_id","loan_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_storage_key_key" ON "receipts" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "receipts_state_idx" ON "receipts" USING btree ("state","sent_at","id");--> statement-breakpoint
CREATE INDEX "receipts_reference_idx" ON "receipts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "receipts_loan_idx" ON "receipts" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "receipts_borrower_idx" ON "receipts" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_one_credit_per_receipt_key" ON "wallet_entries" USING btree ("receipt_id") WHERE "wallet_entries"."kind" = 'credit';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_one_reversal_per_entry_key" ON "wallet_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_loan_idx" ON "wallet_entries" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_borrower_idx" ON "wallet_entries" USING btree ("borrower_id","id");--> statement-breakpoint
-- Written by hand: the ledger is append-only. A correction is a reversal row, never an UPDATE or a DELETE.
CREATE FUNCTION "wallet_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'wallet_entries is append-only: write a reversal entry instead of %', TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_append_only" BEFORE UPDATE OR DELETE ON "wallet_entries"
	FOR EACH ROW EXECUTE FUNCTION "wallet_entries_append_only"();
