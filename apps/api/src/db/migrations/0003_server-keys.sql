CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
