-- Issue 35 point 9: the profile stays editable while it waits for review. Every change adds 1 to "revision"; an analyst's decision carries the revision the review screen showed and is refused when it is no longer the current one. "sent_snapshot" keeps the profile as it was sent (getProfile's fields and the current document of each type), so the review screen shows what changed since.
ALTER TABLE "profiles" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sent_snapshot" jsonb;
