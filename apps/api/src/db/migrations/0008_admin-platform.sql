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
ALTER TABLE "org_daily_activity" ADD CONSTRAINT "org_daily_activity_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;