CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"assignee_staff_id" integer,
	"last_message_at" timestamp with time zone,
	"last_staff_message_id" bigint,
	"borrower_read_message_id" bigint,
	"sms_nudged_message_id" bigint,
	"last_sms_nudge_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "chat_conversations_state_check" CHECK ("chat_conversations"."state" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"author_type" text NOT NULL,
	"staff_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"image_key" text,
	"image_content_type" text,
	"image_size" integer,
	"loan_id" integer,
	"receipt_id" integer,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_author_check" CHECK ("chat_messages"."author_type" in ('borrower', 'staff')),
	CONSTRAINT "chat_messages_staff_check" CHECK (("chat_messages"."author_type" = 'staff') = ("chat_messages"."staff_id" is not null)),
	CONSTRAINT "chat_messages_borrower_client_check" CHECK ("chat_messages"."author_type" <> 'borrower' or "chat_messages"."client_id" is not null),
	CONSTRAINT "chat_messages_image_check" CHECK (("chat_messages"."image_key" is null) = ("chat_messages"."image_content_type" is null) and ("chat_messages"."image_key" is null) = ("chat_messages"."image_size" is null)),
	CONSTRAINT "chat_messages_content_check" CHECK ("chat_messages"."text" <> '' or "chat_messages"."image_key" is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_staff_reads" (
	"conversation_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"last_read_message_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_staff_reads_conversation_id_staff_id_pk" PRIMARY KEY("conversation_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "chat_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"borrower_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assignee_staff_id_staff_accounts_id_fk" FOREIGN KEY ("assignee_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_staff_reads" ADD CONSTRAINT "chat_staff_reads_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_staff_reads" ADD CONSTRAINT "chat_staff_reads_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_borrower_key" ON "chat_conversations" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("state","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_assignee_idx" ON "chat_conversations" USING btree ("assignee_staff_id","state");--> statement-breakpoint
CREATE INDEX "chat_conversations_unseen_answer_idx" ON "chat_conversations" USING btree ("id") WHERE "chat_conversations"."last_staff_message_id" > coalesce("chat_conversations"."borrower_read_message_id", 0);--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_borrower_client_key" ON "chat_messages" USING btree ("conversation_id","client_id") WHERE "chat_messages"."author_type" = 'borrower';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_staff_client_key" ON "chat_messages" USING btree ("conversation_id","staff_id","client_id") WHERE "chat_messages"."author_type" = 'staff';--> statement-breakpoint
CREATE INDEX "chat_messages_loan_idx" ON "chat_messages" USING btree ("loan_id") WHERE "chat_messages"."loan_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_receipt_idx" ON "chat_messages" USING btree ("receipt_id") WHERE "chat_messages"."receipt_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_tickets_borrower_idx" ON "chat_tickets" USING btree ("borrower_id","expires_at");