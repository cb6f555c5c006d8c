CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"bank_code" smallint NOT NULL,
	"account_number" text NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "borrower_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "borrower_files_type_check" CHECK ("borrower_files"."type" between 18 and 21)
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"municipality_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "localities_municipality_code_code_pk" PRIMARY KEY("municipality_code","code")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"income_status" text DEFAULT '' NOT NULL,
	"business_type" text DEFAULT '' NOT NULL,
	"income_cents" bigint,
	"marital_status" text DEFAULT '' NOT NULL,
	"home_status" text DEFAULT '' NOT NULL,
	"dependents" smallint,
	"dependents_who" text DEFAULT '' NOT NULL,
	"education" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"house" text DEFAULT '' NOT NULL,
	"address_reference" text DEFAULT '' NOT NULL,
	"workplace" text DEFAULT '' NOT NULL,
	"workplace_position" text DEFAULT '' NOT NULL,
	"work_region" text DEFAULT '' NOT NULL,
	"work_county" text DEFAULT '' NOT NULL,
	"work_city" text DEFAULT '' NOT NULL,
	"workplace_address" text DEFAULT '' NOT NULL,
	"work_experience" text DEFAULT '' NOT NULL,
	"ref_tipo_per" text DEFAULT '' NOT NULL,
	"ref_nom_per" text DEFAULT '' NOT NULL,
	"ref_tel_per" text DEFAULT '' NOT NULL,
	"ref_correo_per" text DEFAULT '' NOT NULL,
	"ref_tipo_lab" text DEFAULT '' NOT NULL,
	"ref_nom_lab" text DEFAULT '' NOT NULL,
	"ref_tel_lab" text DEFAULT '' NOT NULL,
	"ref_correo_lab" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"errores_perfil" smallint,
	"modified" text,
	"stage2_completed_at" timestamp with time zone,
	"sent_for_review_at" timestamp with time zone,
	"phone_changed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_status_check" CHECK ("profiles"."status" in ('0', '1')),
	CONSTRAINT "profiles_errores_check" CHECK ("profiles"."errores_perfil" between 0 and 5),
	CONSTRAINT "profiles_income_check" CHECK ("profiles"."income_cents" >= 0),
	CONSTRAINT "profiles_dependents_check" CHECK ("profiles"."dependents" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"borrower_id" integer PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_target_check";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrower_files" ADD CONSTRAINT "borrower_files_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localities" ADD CONSTRAINT "localities_municipality_code_municipalities_code_fk" FOREIGN KEY ("municipality_code") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_current_key" ON "bank_accounts" USING btree ("borrower_id") WHERE "bank_accounts"."current";--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number_current_key" ON "bank_accounts" USING btree ("bank_code","account_number") WHERE "bank_accounts"."current";--> statement-breakpoint
CREATE INDEX "bank_accounts_borrower_idx" ON "bank_accounts" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_files_storage_key_key" ON "borrower_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_files_current_key" ON "borrower_files" USING btree ("borrower_id","type") WHERE "borrower_files"."replaced_at" is null;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('registration', 'login', 'phone_change'));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_target_check" CHECK (("one_time_codes"."purpose" = 'registration' and "one_time_codes"."phone" is not null) or ("one_time_codes"."purpose" = 'login' and "one_time_codes"."borrower_id" is not null) or ("one_time_codes"."purpose" = 'phone_change' and "one_time_codes"."borrower_id" is not null and "one_time_codes"."phone" is not null));