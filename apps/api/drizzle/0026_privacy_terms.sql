-- Issue 35 point 9: the privacy terms of the registration are a versioned template like the contract and the promissory note (an admin's save adds the next version; the seed adds the shipped text), and a borrower's acceptance records the version accepted and when. Borrowers registered before have no version (they accepted the former placeholder text).
ALTER TABLE "document_templates" DROP CONSTRAINT "document_templates_kind_check";--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_kind_check" CHECK ("document_templates"."kind" in ('contract', 'promissory_note', 'privacy_terms'));--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "privacy_terms_version" integer;--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "privacy_terms_accepted_at" timestamp with time zone;
