CREATE TABLE "sync_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
