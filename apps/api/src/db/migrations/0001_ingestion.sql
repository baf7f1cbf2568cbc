CREATE TABLE "member_daily_rollups" (
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rmssd_sum" double precision DEFAULT 0 NOT NULL,
	"rmssd_count" integer DEFAULT 0 NOT NULL,
	"readings_count" integer DEFAULT 0 NOT NULL,
	"morning_count" integer DEFAULT 0 NOT NULL,
	"anytime_count" integer DEFAULT 0 NOT NULL,
	"last_taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_daily_rollups_org_id_account_id_day_pk" PRIMARY KEY("org_id","account_id","day")
);
--> statement-breakpoint
ALTER TABLE "hrv_session_minutes" ALTER COLUMN "artifact_percent" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "hrv_sessions" ALTER COLUMN "breaths_per_minute" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "hrv_sessions" ALTER COLUMN "session_minutes" SET DATA TYPE double precision;--> statement-breakpoint
-- The raw series becomes compact float32 bytes; the tables held no rows before ingestion existed.
ALTER TABLE "hrv_sessions" DROP COLUMN "rr_ms";--> statement-breakpoint
ALTER TABLE "hrv_sessions" ADD COLUMN "rr_ms" bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "hrv_sessions" ALTER COLUMN "artifact_percent" SET DATA TYPE double precision;--> statement-breakpoint
-- The raw series becomes compact float32 bytes; the tables held no rows before ingestion existed.
ALTER TABLE "readings" DROP COLUMN "rr_ms";--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "rr_ms" bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "readings" ALTER COLUMN "artifact_percent" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "hrv_session_minutes" ADD COLUMN "beats" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "hrv_session_minutes" ADD COLUMN "duration_s" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "hrv_sessions" ADD COLUMN "client_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "hrv_sessions" ADD COLUMN "beats" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "hrv_sessions" ADD COLUMN "duration_s" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "client_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "beats" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "duration_s" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "member_daily_rollups" ADD CONSTRAINT "member_daily_rollups_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_daily_rollups" ADD CONSTRAINT "member_daily_rollups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_daily_rollups_org_day_idx" ON "member_daily_rollups" USING btree ("org_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "hrv_sessions_account_client_key" ON "hrv_sessions" USING btree ("account_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "readings_account_client_key" ON "readings" USING btree ("account_id","client_id");