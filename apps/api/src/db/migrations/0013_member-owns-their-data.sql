CREATE TYPE "public"."api_token_scope" AS ENUM('readings:read', 'readings:write');--> statement-breakpoint
ALTER TYPE "public"."account_token_purpose" ADD VALUE 'change-email';--> statement-breakpoint
CREATE TABLE "personal_api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" "api_token_scope"[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_pseudonym" text;--> statement-breakpoint
ALTER TABLE "hrv_sessions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "personal_api_tokens" ADD CONSTRAINT "personal_api_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "personal_api_tokens_token_hash_key" ON "personal_api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "personal_api_tokens_account_idx" ON "personal_api_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_created_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");