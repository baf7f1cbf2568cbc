ALTER TABLE "invitations" ADD COLUMN "link_issued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lifetime_claims_email_idx" ON "lifetime_claims" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "lifetime_claims_created_idx" ON "lifetime_claims" USING btree ("created_at");