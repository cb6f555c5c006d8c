CREATE TABLE "borrower_locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"latitude" numeric(7, 4) NOT NULL,
	"longitude" numeric(8, 4) NOT NULL,
	"city" text,
	"municipality_code" text,
	"ip" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "borrower_locations" ADD CONSTRAINT "borrower_locations_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "borrower_locations_latest_idx" ON "borrower_locations" USING btree ("borrower_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_borrower_open_idx" ON "notifications" USING btree ("borrower_id","created_at","id") WHERE "notifications"."deleted_at" is null;