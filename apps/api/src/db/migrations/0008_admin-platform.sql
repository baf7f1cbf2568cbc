CREATE TABLE "member_active_days" (
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "member_active_days_org_id_account_id_day_pk" PRIMARY KEY("org_id","account_id","day")
);
--> statement-breakpoint
CREATE TABLE "org_daily_activity" (
	"org_id" uuid NOT NULL,
	"day" date NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"readings_count" integer DEFAULT 0 NOT NULL,
	"morning_count" integer DEFAULT 0 NOT NULL,
	"anytime_count" integer DEFAULT 0 NOT NULL,
	"biofeedback_count" integer DEFAULT 0 NOT NULL,
	"mindfulness_count" integer DEFAULT 0 NOT NULL,
	"self_compassion_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_daily_activity_org_id_day_pk" PRIMARY KEY("org_id","day")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "member_active_days" ADD CONSTRAINT "member_active_days_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_active_days" ADD CONSTRAINT "member_active_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_daily_activity" ADD CONSTRAINT "org_daily_activity_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_daily_activity_org_day_idx" ON "org_daily_activity" USING btree ("org_id","day","active_members","readings_count","morning_count","anytime_count","biofeedback_count","mindfulness_count","self_compassion_count");--> statement-breakpoint
-- Backfill (hand-written): the rollups of the recordings stored before this migration, as
-- ingestion would have built them (lib/member-activity.ts). A recording's day is its calendar day
-- in its organisation's time zone; a member counts once per day in active_members, whatever they
-- recorded. A database without recordings inserts nothing.
INSERT INTO "member_active_days" ("org_id", "account_id", "day")
SELECT r."org_id", r."account_id", (r."at" AT TIME ZONE o."time_zone")::date
FROM (
	SELECT "org_id", "account_id", "taken_at" AS "at" FROM "readings"
	UNION ALL
	SELECT "org_id", "account_id", "started_at" FROM "hrv_sessions"
) r
JOIN "organisations" o ON o."id" = r."org_id"
GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "org_daily_activity" ("org_id", "day", "active_members", "readings_count",
	"morning_count", "anytime_count", "biofeedback_count", "mindfulness_count",
	"self_compassion_count")
SELECT r."org_id", (r."at" AT TIME ZONE o."time_zone")::date,
	count(DISTINCT r."account_id"),
	count(*) FILTER (WHERE r."kind" IN ('morning', 'anytime')),
	count(*) FILTER (WHERE r."kind" = 'morning'),
	count(*) FILTER (WHERE r."kind" = 'anytime'),
	count(*) FILTER (WHERE r."kind" = 'biofeedback'),
	count(*) FILTER (WHERE r."kind" = 'mindfulness'),
	count(*) FILTER (WHERE r."kind" = 'self_compassion')
FROM (
	SELECT "org_id", "account_id", "taken_at" AS "at", "kind"::text AS "kind" FROM "readings"
	UNION ALL
	SELECT "org_id", "account_id", "started_at", "kind"::text FROM "hrv_sessions"
) r
JOIN "organisations" o ON o."id" = r."org_id"
GROUP BY 1, 2
ON CONFLICT ("org_id", "day") DO NOTHING;
