CREATE TABLE "account_deletions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"feedback" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otps" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"lookup_hash" text,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text,
	"pic" text,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bill_fetches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"biller_id" text NOT NULL,
	"category" text NOT NULL,
	"customer_params" jsonb NOT NULL,
	"ref_id" text,
	"resp_code" text NOT NULL,
	"amount_paise" bigint,
	"plan_id" text,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_bills" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"biller_id" text NOT NULL,
	"biller_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"bill_number" text NOT NULL,
	"due_date" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"customer_params" jsonb NOT NULL,
	"account_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biller_circles" (
	"biller_id" text NOT NULL,
	"circle" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "biller_circles_biller_id_circle_pk" PRIMARY KEY("biller_id","circle")
);
--> statement-breakpoint
CREATE TABLE "billers" (
	"biller_id" text PRIMARY KEY NOT NULL,
	"biller_name" text NOT NULL,
	"search_name" text NOT NULL,
	"category" text NOT NULL,
	"coverage" text DEFAULT 'IND' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"record" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"plans_digest" text
);
--> statement-breakpoint
CREATE TABLE "coverage_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"areas" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"plan_id" text NOT NULL,
	"biller_id" text NOT NULL,
	"circle" text DEFAULT '' NOT NULL,
	"category_type" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"record" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_biller_id_plan_id_pk" PRIMARY KEY("biller_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"name" text PRIMARY KEY NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 20 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"provider_event_key" text NOT NULL,
	"order_id" text,
	"verified" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigserial NOT NULL,
	"order_id" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"source" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"gateway" text,
	"kind" text NOT NULL,
	"biller_id" text,
	"biller_name" text,
	"category" text,
	"customer_params" jsonb NOT NULL,
	"bill_key" text,
	"bill_fetch_id" text,
	"ref_id" text,
	"bill_number" text,
	"plan_id" text,
	"amount_paise" bigint NOT NULL,
	"convenience_fee_paise" bigint DEFAULT 0 NOT NULL,
	"captured_paise" bigint,
	"payment_mode" text,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"payment_instrument" jsonb,
	"txn_reference_id" text,
	"approval_ref_num" text,
	"failure_reason" text,
	"payer" jsonb,
	"customer_ip" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_merchant_order_id_unique" UNIQUE("merchant_order_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"gateway" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"requested_by" text,
	"gateway_refund_id" text,
	"failure_reason" text,
	"completed_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"complaint_id" text NOT NULL,
	"channel" text NOT NULL,
	"complaint_type" text NOT NULL,
	"query_type" text NOT NULL,
	"disposition" text,
	"txn_reference_id" text,
	"status" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"expected_resolution_date" date NOT NULL,
	"details" jsonb NOT NULL,
	"screenshot" text,
	"sender_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_complaint_id_unique" UNIQUE("complaint_id")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"sender_ip" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otps_email_purpose_idx" ON "otps" USING btree ("email","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "otps_pending_lookup_idx" ON "otps" USING btree ("lookup_hash") WHERE "otps"."consumed_at" is null;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email") WHERE "users"."email" is not null;--> statement-breakpoint
CREATE INDEX "bill_fetches_user_idx" ON "bill_fetches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_fetches_ref_idx" ON "bill_fetches" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_bills_user_account_idx" ON "saved_bills" USING btree ("user_id","biller_id","account_key");--> statement-breakpoint
CREATE INDEX "saved_bills_user_category_idx" ON "saved_bills" USING btree ("user_id","category","updated_at");--> statement-breakpoint
CREATE INDEX "billers_category_name_idx" ON "billers" USING btree ("category","search_name");--> statement-breakpoint
CREATE INDEX "billers_coverage_idx" ON "billers" USING btree ("category","coverage");--> statement-breakpoint
CREATE INDEX "plans_biller_circle_idx" ON "plans" USING btree ("biller_id","circle","amount_paise");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_key_idx" ON "gateway_events" USING btree ("gateway","provider_event_key");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","sequence");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "orders_bill_key_idx" ON "orders" USING btree ("bill_key","created_at");--> statement-breakpoint
CREATE INDEX "orders_gateway_order_idx" ON "orders" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "refunds_gateway_refund_idx" ON "refunds" USING btree ("gateway","gateway_refund_id");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "complaints_txn_idx" ON "complaints" USING btree ("txn_reference_id");--> statement-breakpoint
CREATE INDEX "complaints_sender_idx" ON "complaints" USING btree ("sender_ip","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_sender_idx" ON "contact_messages" USING btree ("sender_ip","created_at");