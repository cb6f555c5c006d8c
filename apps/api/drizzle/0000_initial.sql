CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"code" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_mobile_wallet" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "borrowers" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_code" text NOT NULL,
	"email" text NOT NULL,
	"mob_phone" text NOT NULL,
	"first_name" text NOT NULL,
	"second_name" text DEFAULT '' NOT NULL,
	"first_surname" text NOT NULL,
	"second_surname" text DEFAULT '' NOT NULL,
	"gender" text NOT NULL,
	"birthday" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borrowers_gender_check" CHECK ("borrowers"."gender" in ('M', 'F'))
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "document_templates_kind_check" CHECK ("document_templates"."kind" in ('contract', 'promissory_note'))
);
--> statement-breakpoint
CREATE TABLE "field_options" (
	"list" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "field_options_list_value_pk" PRIMARY KEY("list","value")
);
--> statement-breakpoint
CREATE TABLE "loan_purposes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"code" text PRIMARY KEY NOT NULL,
	"department_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('sms', 'email')),
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"product_id" smallint PRIMARY KEY NOT NULL,
	"min_amount_cents" bigint NOT NULL,
	"max_amount_cents" bigint NOT NULL,
	"min_days" smallint NOT NULL,
	"max_days" smallint NOT NULL,
	"annual_rate_bp" integer NOT NULL,
	"fee_type" text NOT NULL,
	"fee_value" integer NOT NULL,
	CONSTRAINT "price_lists_amounts_check" CHECK ("price_lists"."min_amount_cents" > 0 and "price_lists"."min_amount_cents" <= "price_lists"."max_amount_cents"),
	CONSTRAINT "price_lists_days_check" CHECK ("price_lists"."min_days" > 0 and "price_lists"."min_days" <= "price_lists"."max_days"),
	CONSTRAINT "price_lists_fee_type_check" CHECK ("price_lists"."fee_type" in ('fixed', 'percent'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" smallint PRIMARY KEY NOT NULL,
	"period_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_period_check" CHECK ("products"."period_type" in ('semanal', 'quincenal', 'mensual'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"borrower_id" integer NOT NULL,
	"state" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "sessions_state_check" CHECK ("sessions"."state" in ('pending_code', 'active'))
);
--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_department_code_departments_code_fk" FOREIGN KEY ("department_code") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "borrowers_person_code_key" ON "borrowers" USING btree ("person_code");--> statement-breakpoint
CREATE UNIQUE INDEX "borrowers_email_key" ON "borrowers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "borrowers_mob_phone_key" ON "borrowers" USING btree ("mob_phone");--> statement-breakpoint
CREATE INDEX "municipalities_department_idx" ON "municipalities" USING btree ("department_code");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_borrower_open_idx" ON "sessions" USING btree ("borrower_id") WHERE "sessions"."ended_at" is null;