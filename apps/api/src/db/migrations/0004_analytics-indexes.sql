CREATE TABLE "member_rollup_totals" (
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"rmssd_sum" double precision DEFAULT 0 NOT NULL,
	"rmssd_count" integer DEFAULT 0 NOT NULL,
	"readings_count" integer DEFAULT 0 NOT NULL,
	"last_taken_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_rollup_totals_org_id_account_id_pk" PRIMARY KEY("org_id","account_id")
);
--> statement-breakpoint
DROP INDEX "member_daily_rollups_org_day_idx";--> statement-breakpoint
ALTER TABLE "member_rollup_totals" ADD CONSTRAINT "member_rollup_totals_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rollup_totals" ADD CONSTRAINT "member_rollup_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "readings_good_latest_idx" ON "readings" USING btree ("org_id","account_id","taken_at","rmssd") WHERE "readings"."quality" = 'good' and "readings"."rmssd" is not null;--> statement-breakpoint
CREATE INDEX "member_daily_rollups_org_day_idx" ON "member_daily_rollups" USING btree ("org_id","day","account_id","rmssd_sum","rmssd_count");