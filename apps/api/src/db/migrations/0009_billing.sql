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
DROP INDEX "invoices_number_key";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
-- Organisations made before billing start on the day they were made; their current period is the
-- one that contains today, so upgrading bills no past months.
UPDATE "organisations" SET "billing_start_date" = ("created_at" at time zone 'UTC')::date WHERE "billing_start_date" IS NULL;--> statement-breakpoint
UPDATE "organisations" SET "previous_billing_date" = ("billing_start_date" + make_interval(months => "elapsed"))::date, "next_billing_date" = ("billing_start_date" + make_interval(months => "elapsed" + 1))::date FROM (SELECT "id" AS "org", (extract(year from age(current_date, "billing_start_date")) * 12 + extract(month from age(current_date, "billing_start_date")))::int AS "elapsed" FROM "organisations") AS "periods" WHERE "periods"."org" = "organisations"."id" AND ("previous_billing_date" IS NULL OR "next_billing_date" IS NULL);--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "billing_start_date" SET DEFAULT (now() at time zone 'utc')::date;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "billing_start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "previous_billing_date" SET DEFAULT (now() at time zone 'utc')::date;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "previous_billing_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "next_billing_date" SET DEFAULT ((now() at time zone 'utc')::date + interval '1 month')::date;--> statement-breakpoint
ALTER TABLE "organisations" ALTER COLUMN "next_billing_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "unit_amount_cents" integer;--> statement-breakpoint
-- Invoices of an earlier version: the unit price their amount and seats imply (0 for no seats).
UPDATE "invoices" SET "unit_amount_cents" = coalesce("amount_due_cents" / nullif("seats", 0), 0);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "unit_amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_payment_error" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charge_attempted_at" timestamp with time zone;--> statement-breakpoint
-- Issued invoices of an earlier version are not charged again by this one.
UPDATE "invoices" SET "charge_attempted_at" = "created_at" WHERE "invoice_status" <> 'draft';--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "billing_customer_provider" text;--> statement-breakpoint
ALTER TABLE "local_payment_methods" ADD CONSTRAINT "local_payment_methods_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_changes" ADD CONSTRAINT "payer_changes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_changes" ADD CONSTRAINT "payer_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_changes_member_idx" ON "payer_changes" USING btree ("org_id","account_id","changed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_number_key" ON "invoices" USING btree ("org_id","number");--> statement-breakpoint
CREATE INDEX "organisations_billing_customer_idx" ON "organisations" USING btree ("billing_customer_id");--> statement-breakpoint
CREATE INDEX "member_active_days_org_day_idx" ON "member_active_days" USING btree ("org_id","day");