CREATE TABLE "profile_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"decision" text NOT NULL,
	"errores_perfil" smallint,
	"failed_items" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profile_reviews_decision_check" CHECK ("profile_reviews"."decision" in ('approve', 'return')),
	CONSTRAINT "profile_reviews_code_check" CHECK (("profile_reviews"."decision" = 'approve' and "profile_reviews"."errores_perfil" is null) or ("profile_reviews"."decision" = 'return' and "profile_reviews"."errores_perfil" between 0 and 5))
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('admin', 'analyst', 'cashier', 'support'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"state" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "staff_sessions_state_check" CHECK ("staff_sessions"."state" in ('pending_code', 'active'))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_target_check";--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "profile_reviews" ADD CONSTRAINT "profile_reviews_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_reviews" ADD CONSTRAINT "profile_reviews_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_reviews_submission_key" ON "profile_reviews" USING btree ("borrower_id","submitted_at");--> statement-breakpoint
CREATE INDEX "profile_reviews_decided_idx" ON "profile_reviews" USING btree ("decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_key" ON "staff_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_token_hash_key" ON "staff_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_open_idx" ON "staff_sessions" USING btree ("staff_id") WHERE "staff_sessions"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_type","actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "one_time_codes_staff_idx" ON "one_time_codes" USING btree ("purpose","staff_id","id");--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('registration', 'login', 'phone_change', 'staff_login'));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_target_check" CHECK (("one_time_codes"."purpose" = 'registration' and "one_time_codes"."phone" is not null) or ("one_time_codes"."purpose" = 'login' and "one_time_codes"."borrower_id" is not null) or ("one_time_codes"."purpose" = 'phone_change' and "one_time_codes"."borrower_id" is not null and "one_time_codes"."phone" is not null) or ("one_time_codes"."purpose" = 'staff_login' and "one_time_codes"."staff_id" is not null));