CREATE TABLE "reference_data_seeds" (
	"hash" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
