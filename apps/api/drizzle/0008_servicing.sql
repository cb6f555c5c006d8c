CREATE TABLE "collection_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"promised_on" date,
	"promised_amount_cents" bigint,
	"from_status" smallint,
	"to_status" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_notes_kind_check" CHECK ("collection_notes"."kind" in ('note', 'promise', 'stage')),
	CONSTRAINT "collection_notes_text_check" CHECK (length("collection_notes"."text") between 1 and 1000),
	CONSTRAINT "collection_notes_promise_check" CHECK (("collection_notes"."kind" = 'promise') = ("collection_notes"."promised_on" is not null and "collection_notes"."promised_amount_cents" is not null)
        and coalesce("collection_notes"."promised_amount_cents", 1) > 0),
	CONSTRAINT "collection_notes_stage_check" CHECK (("collection_notes"."kind" = 'stage') = ("collection_notes"."to_status" is not null and "collection_notes"."from_status" is not null)
        and coalesce("collection_notes"."to_status", 9) in (3, 8, 9, 10, 11))
);
--> statement-breakpoint
CREATE TABLE "instalment_reminders" (
	"instalment_id" bigint NOT NULL,
	"event" text NOT NULL,
	"business_date" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instalment_reminders_instalment_id_event_pk" PRIMARY KEY("instalment_id","event"),
	CONSTRAINT "instalment_reminders_event_check" CHECK ("instalment_reminders"."event" in ('due-in-3', 'due-today', 'late-1', 'late-7', 'late-30'))
);
--> statement-breakpoint
CREATE TABLE "instalment_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instalment_id" bigint NOT NULL,
	"loan_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"late_fee_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicing_runs" (
	"business_date" date PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"runner" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb,
	"last_error" text,
	CONSTRAINT "servicing_runs_status_check" CHECK ("servicing_runs"."status" in ('running', 'done')),
	CONSTRAINT "servicing_runs_finished_check" CHECK (("servicing_runs"."status" = 'done') = ("servicing_runs"."finished_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "price_lists" ADD COLUMN "late_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "late_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_notes" ADD CONSTRAINT "collection_notes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notes" ADD CONSTRAINT "collection_notes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_reminders" ADD CONSTRAINT "instalment_reminders_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_status_changes" ADD CONSTRAINT "instalment_status_changes_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_status_changes" ADD CONSTRAINT "instalment_status_changes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_notes_loan_idx" ON "collection_notes" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "instalment_status_changes_loan_idx" ON "instalment_status_changes" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "instalment_status_changes_date_idx" ON "instalment_status_changes" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "instalments_open_idx" ON "instalments" USING btree ("loan_id","position") WHERE "instalments"."status" not in (1, 6);--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_late_fee_check" CHECK ("price_lists"."late_fee_cents" >= 0);--> statement-breakpoint
-- The seeded products' late fees (apps/api/src/db/seed-data.ts), for databases seeded before them.
UPDATE "price_lists" SET "late_fee_cents" = CASE "product_id" WHEN 1 THEN 5000 WHEN 2 THEN 7500 WHEN 3 THEN 10000 END WHERE "late_fee_cents" = 0 AND "product_id" IN (1, 2, 3);
