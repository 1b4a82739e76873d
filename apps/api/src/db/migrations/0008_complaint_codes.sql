CREATE TABLE "complaint_code_misses" (
	"id" text PRIMARY KEY NOT NULL,
	"sender_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"txn_reference_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"sender_ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "complaint_code_misses_sender_idx" ON "complaint_code_misses" USING btree ("sender_ip","created_at");--> statement-breakpoint
CREATE INDEX "complaint_codes_txn_idx" ON "complaint_codes" USING btree ("txn_reference_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_codes_email_idx" ON "complaint_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "complaint_codes_sender_idx" ON "complaint_codes" USING btree ("sender_ip","created_at");