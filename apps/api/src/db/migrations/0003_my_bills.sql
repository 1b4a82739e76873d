CREATE TABLE "bill_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"my_bill_id" text NOT NULL,
	"bill_number" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biller_checks" (
	"biller_id" text PRIMARY KEY NOT NULL,
	"last_check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "my_bills" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"biller_id" text NOT NULL,
	"biller_name" text NOT NULL,
	"category" text NOT NULL,
	"nickname" text NOT NULL,
	"customer_params" jsonb NOT NULL,
	"account_key" text NOT NULL,
	"reminders_on" boolean DEFAULT true NOT NULL,
	"presentment" text,
	"bill_number" text,
	"bill_amount_paise" bigint,
	"bill_due_date" text,
	"bill_customer_name" text,
	"bill_found_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"check_seq" integer DEFAULT 0 NOT NULL,
	"checking_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bill_reminders_once_idx" ON "bill_reminders" USING btree ("my_bill_id","bill_number","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "my_bills_user_account_idx" ON "my_bills" USING btree ("user_id","biller_id","account_key");--> statement-breakpoint
CREATE INDEX "my_bills_user_idx" ON "my_bills" USING btree ("user_id","created_at");