CREATE TYPE "public"."social_attempt_purpose" AS ENUM('sign-in', 'link');--> statement-breakpoint
CREATE TABLE "pending_social_sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"claims" jsonb NOT NULL,
	"link_account_id" uuid,
	"redirect_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_sign_in_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"binding_hash" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" "social_attempt_purpose" NOT NULL,
	"account_id" uuid,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_to" text,
	"posted_user" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "social_identities_provider_subject_key";--> statement-breakpoint
DROP INDEX "social_identities_account_idx";--> statement-breakpoint
ALTER TABLE "social_identities" ADD COLUMN "issuer" text NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_social_sign_ups" ADD CONSTRAINT "pending_social_sign_ups_link_account_id_accounts_id_fk" FOREIGN KEY ("link_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_in_attempts" ADD CONSTRAINT "social_sign_in_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_social_sign_ups_token_key" ON "pending_social_sign_ups" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pending_social_sign_ups_expires_idx" ON "pending_social_sign_ups" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_sign_in_attempts_state_key" ON "social_sign_in_attempts" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "social_sign_in_attempts_expires_idx" ON "social_sign_in_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_issuer_subject_key" ON "social_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_account_provider_key" ON "social_identities" USING btree ("account_id","provider");