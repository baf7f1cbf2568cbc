-- The platform-wide tags (org_id null) every organisation is offered for readings and sessions.
-- Organisations may add their own beside them; ON CONFLICT keeps a re-run harmless.
INSERT INTO "tags" ("org_id", "name") VALUES
	(NULL, 'Alcohol'),
	(NULL, 'Caffeine'),
	(NULL, 'Exercise'),
	(NULL, 'Illness'),
	(NULL, 'Meditation'),
	(NULL, 'Recovery'),
	(NULL, 'Sleep'),
	(NULL, 'Stress'),
	(NULL, 'Travel'),
	(NULL, 'Work')
ON CONFLICT DO NOTHING;
