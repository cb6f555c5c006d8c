-- Issue 35 point 3: opening the list marks the notifications read (readNotifications.php) and the badge counts unread ones only. Existing rows stay unread.
ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_borrower_unread_idx" ON "notifications" USING btree ("borrower_id") WHERE "notifications"."deleted_at" is null and "notifications"."read_at" is null;
