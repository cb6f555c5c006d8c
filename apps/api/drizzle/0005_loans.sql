CREATE TABLE "document_template_versions" (
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_template_versions_kind_version_pk" PRIMARY KEY("kind","version"),
	CONSTRAINT "document_template_versions_version_check" CHECK ("document_template_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"due_date" date NOT NULL,
	"charge_cents" bigint NOT NULL,
	"charge_covered_cents" bigint DEFAULT 0 NOT NULL,
	"administrator_fee_cents" bigint NOT NULL,
	"administrator_fee_covered_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"amount_covered_cents" bigint DEFAULT 0 NOT NULL,
	"late_fee_cents" bigint DEFAULT 0 NOT NULL,
	"late_fee_covered_cents" bigint DEFAULT 0 NOT NULL,
	"penalty_fee_cents" bigint DEFAULT 0 NOT NULL,
	"penalty_covered_cents" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalments_position_check" CHECK ("instalments"."position" >= 1),
	CONSTRAINT "instalments_status_check" CHECK ("instalments"."status" between 0 and 6),
	CONSTRAINT "instalments_amounts_check" CHECK ("instalments"."charge_cents" >= 0 and "instalments"."administrator_fee_cents" >= 0 and "instalments"."amount_cents" >= 0 and "instalments"."late_fee_cents" >= 0 and "instalments"."penalty_fee_cents" >= 0),
	CONSTRAINT "instalments_covered_check" CHECK ("instalments"."charge_covered_cents" between 0 and "instalments"."charge_cents" and "instalments"."administrator_fee_covered_cents" between 0 and "instalments"."administrator_fee_cents" and "instalments"."amount_covered_cents" between 0 and "instalments"."amount_cents" and "instalments"."late_fee_covered_cents" between 0 and "instalments"."late_fee_cents" and "instalments"."penalty_covered_cents" between 0 and "instalments"."penalty_fee_cents")
);
--> statement-breakpoint
CREATE TABLE "loan_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"template_version" integer NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"sha256" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"session_id" bigint,
	CONSTRAINT "loan_documents_kind_check" CHECK ("loan_documents"."kind" in ('contract', 'promissory_note')),
	CONSTRAINT "loan_documents_sha256_check" CHECK ("loan_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"product_id" smallint NOT NULL,
	"period_type" text NOT NULL,
	"annual_rate_bp" integer NOT NULL,
	"fee_type" text NOT NULL,
	"fee_value" integer NOT NULL,
	"min_amount_cents" bigint NOT NULL,
	"max_amount_cents" bigint NOT NULL,
	"min_days" smallint NOT NULL,
	"max_days" smallint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"term_days" smallint NOT NULL,
	"payments" smallint NOT NULL,
	"purpose_id" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"requested_on" date NOT NULL,
	"quote" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"annual_cost_percent" numeric(10, 1) NOT NULL,
	"request_city" text,
	"request_latitude" numeric(7, 4),
	"request_longitude" numeric(8, 4),
	"request_location_at" timestamp with time zone,
	"request_ip" text NOT NULL,
	"request_user_agent" text,
	"request_session_id" bigint,
	"taken_by_staff_id" integer,
	"taken_at" timestamp with time zone,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"disbursed_by_staff_id" integer,
	"disbursed_at" timestamp with time zone,
	"disbursed_on" date,
	"disbursement_reference" text,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_status_check" CHECK ("loans"."status" between 0 and 11),
	CONSTRAINT "loans_period_check" CHECK ("loans"."period_type" in ('semanal', 'quincenal', 'mensual')),
	CONSTRAINT "loans_fee_type_check" CHECK ("loans"."fee_type" in ('fixed', 'percent')),
	CONSTRAINT "loans_amount_check" CHECK ("loans"."amount_cents" > 0 and "loans"."total_cents" >= "loans"."amount_cents"),
	CONSTRAINT "loans_term_check" CHECK ("loans"."term_days" > 0 and "loans"."payments" > 0),
	CONSTRAINT "loans_rejection_check" CHECK ("loans"."status" <> 2 or "loans"."rejection_reason" is not null),
	CONSTRAINT "loans_disbursement_check" CHECK (("loans"."disbursed_on" is null) = ("loans"."disbursed_at" is null) and ("loans"."disbursed_at" is null) = ("loans"."disbursement_reference" is null))
);
--> statement-breakpoint
ALTER TABLE "document_template_versions" ADD CONSTRAINT "document_template_versions_kind_document_templates_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."document_templates"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_versions" ADD CONSTRAINT "document_template_versions_created_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_documents" ADD CONSTRAINT "loan_documents_template_version_fk" FOREIGN KEY ("kind","template_version") REFERENCES "public"."document_template_versions"("kind","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_purpose_id_loan_purposes_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."loan_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_request_session_id_sessions_id_fk" FOREIGN KEY ("request_session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_taken_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("taken_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_decided_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disbursed_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("disbursed_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_loan_position_key" ON "instalments" USING btree ("loan_id","position");--> statement-breakpoint
CREATE INDEX "instalments_due_idx" ON "instalments" USING btree ("due_date","loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_documents_loan_kind_key" ON "loan_documents" USING btree ("loan_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_blocking_per_borrower_key" ON "loans" USING btree ("borrower_id") WHERE "loans"."status" in (0, 1, 3, 5, 8);--> statement-breakpoint
CREATE INDEX "loans_borrower_idx" ON "loans" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_at","id");--> statement-breakpoint
-- Every existing template becomes the first stored version of its kind (written by hand: keep it before the drops).
INSERT INTO "document_template_versions" ("kind", "version", "title", "body") SELECT "kind", "version", "title", "body" FROM "document_templates";--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "body";--> statement-breakpoint
ALTER TABLE "document_templates" DROP COLUMN "version";