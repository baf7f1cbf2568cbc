-- member_rollup_totals holds, per organisation and member, the sum of that member's
-- member_daily_rollups rows, so all-time averages read one row per member instead of every day of
-- history. Statement triggers with transition tables keep it equal to that sum in the same
-- transaction as any change to the daily rollups: one grouped statement whether an ingest adds one
-- reading (its INSERT ... ON CONFLICT DO UPDATE fires the INSERT or the UPDATE trigger) or a bulk
-- load or a cascade touches many rows. last_taken_at only moves forward, as in the daily rollups.
CREATE FUNCTION "member_rollup_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "member_rollup_totals" AS t
		("org_id", "account_id", "rmssd_sum", "rmssd_count", "readings_count", "last_taken_at")
	SELECT "org_id", "account_id", sum("rmssd_sum"), sum("rmssd_count"), sum("readings_count"),
		max("last_taken_at")
	FROM new_rows
	GROUP BY "org_id", "account_id"
	ON CONFLICT ("org_id", "account_id") DO UPDATE SET
		"rmssd_sum" = t."rmssd_sum" + excluded."rmssd_sum",
		"rmssd_count" = t."rmssd_count" + excluded."rmssd_count",
		"readings_count" = t."readings_count" + excluded."readings_count",
		"last_taken_at" = greatest(t."last_taken_at", excluded."last_taken_at");
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An update takes the old values out and puts the new ones in.
CREATE FUNCTION "member_rollup_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "member_rollup_totals" AS t SET
		"rmssd_sum" = t."rmssd_sum" - o."rmssd_sum",
		"rmssd_count" = t."rmssd_count" - o."rmssd_count",
		"readings_count" = t."readings_count" - o."readings_count"
	FROM (
		SELECT "org_id", "account_id", sum("rmssd_sum") AS "rmssd_sum",
			sum("rmssd_count") AS "rmssd_count", sum("readings_count") AS "readings_count"
		FROM old_rows
		GROUP BY "org_id", "account_id"
	) AS o
	WHERE t."org_id" = o."org_id" AND t."account_id" = o."account_id";
	INSERT INTO "member_rollup_totals" AS t
		("org_id", "account_id", "rmssd_sum", "rmssd_count", "readings_count", "last_taken_at")
	SELECT "org_id", "account_id", sum("rmssd_sum"), sum("rmssd_count"), sum("readings_count"),
		max("last_taken_at")
	FROM new_rows
	GROUP BY "org_id", "account_id"
	ON CONFLICT ("org_id", "account_id") DO UPDATE SET
		"rmssd_sum" = t."rmssd_sum" + excluded."rmssd_sum",
		"rmssd_count" = t."rmssd_count" + excluded."rmssd_count",
		"readings_count" = t."readings_count" + excluded."readings_count",
		"last_taken_at" = greatest(t."last_taken_at", excluded."last_taken_at");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "member_rollup_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "member_rollup_totals" AS t SET
		"rmssd_sum" = t."rmssd_sum" - o."rmssd_sum",
		"rmssd_count" = t."rmssd_count" - o."rmssd_count",
		"readings_count" = t."readings_count" - o."readings_count"
	FROM (
		SELECT "org_id", "account_id", sum("rmssd_sum") AS "rmssd_sum",
			sum("rmssd_count") AS "rmssd_count", sum("readings_count") AS "readings_count"
		FROM old_rows
		GROUP BY "org_id", "account_id"
	) AS o
	WHERE t."org_id" = o."org_id" AND t."account_id" = o."account_id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_daily_rollups_totals_insert" AFTER INSERT ON "member_daily_rollups"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_rollup_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "member_daily_rollups_totals_update" AFTER UPDATE ON "member_daily_rollups"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_rollup_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "member_daily_rollups_totals_delete" AFTER DELETE ON "member_daily_rollups"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_rollup_totals_remove"();
--> statement-breakpoint
-- The totals of the rollups already stored. After the triggers: creating them waited for any
-- ingest in flight to commit and holds off new ones until this migration commits, so every rollup
-- is counted exactly once.
INSERT INTO "member_rollup_totals"
	("org_id", "account_id", "rmssd_sum", "rmssd_count", "readings_count", "last_taken_at")
SELECT "org_id", "account_id", sum("rmssd_sum"), sum("rmssd_count"), sum("readings_count"),
	max("last_taken_at")
FROM "member_daily_rollups"
GROUP BY "org_id", "account_id";
