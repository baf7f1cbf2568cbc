CREATE TABLE "local_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"charge_outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"changed_on" date NOT NULL,
	"payer_before" "payer" NOT NULL,
	"payer_after" "payer" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
-- Organisations made before billing start on the day they were made; their current period is the
-- one that contains today, so upgrading bills no past months.
UPDATE "organisations" SET "billing_start_date" = ("created_at" at time zone 'UTC')::date WHERE "billing_start_date" IS NULL;--> statement-breakpoint
UPDATE "organisations" SET "previous_billing_date" = ("billing_start_date" + make_interval(months => "elapsed"))::date, "next_billing_date" = ("billing_start_date" + make_interval(months => "elapsed" + 1))::date FROM (SELECT "id" AS "org", (extract(year from age(current_date, "billing_start_date")) * 12 + extract(month from age(current_date, "billing_start_date")))::int AS "elapsed" FROM "organisations") AS "periods" WHERE "periods"."org" = "organisations"."id" AND ("previous_billing_date" IS NULL OR "next_billing_date" IS NULL);--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "billing_start_date" SET DEFAULT current_date;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "billing_start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "previous_billing_date" SET DEFAULT current_date;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "previous_billing_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "next_billing_date" SET DEFAULT (current_date + interval '1 month')::date;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "next_billing_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "unit_amount_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_payment_error" text;--> statement-breakpoint
ALTER TABLE "local_payment_methods" ADD CONSTRAINT "local_payment_methods_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_changes" ADD CONSTRAINT "payer_changes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_changes" ADD CONSTRAINT "payer_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_changes_member_idx" ON "payer_changes" USING btree ("org_id","account_id","changed_on");