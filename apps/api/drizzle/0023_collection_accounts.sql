-- Issue 35 point 1: the lender's collection accounts (bank, number, holder) that /plan, the disbursement SMS and the contract name as where to pay.
CREATE TABLE "collection_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" smallint NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_accounts_number_check" CHECK ("collection_accounts"."account_number" ~ '^[0-9-]{4,30}$'),
	CONSTRAINT "collection_accounts_holder_check" CHECK (length("collection_accounts"."holder_name") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD CONSTRAINT "collection_accounts_bank_code_banks_code_fk" FOREIGN KEY ("bank_code") REFERENCES "public"."banks"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_accounts_number_key" ON "collection_accounts" USING btree ("bank_code","account_number");