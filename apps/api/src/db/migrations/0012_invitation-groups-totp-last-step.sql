ALTER TABLE "accounts" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "more_group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;