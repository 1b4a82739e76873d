CREATE TABLE "autopay_debits" (
	"id" text PRIMARY KEY NOT NULL,
	"mandate_id" text NOT NULL,
	"my_bill_id" text NOT NULL,
	"user_id" text NOT NULL,
	"bill_number" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"debit_at" timestamp with time zone,
	"gateway_order_id" text,
	"order_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopay_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"my_bill_id" text NOT NULL,
	"user_id" text NOT NULL,
	"gateway" text NOT NULL,
	"cap_paise" bigint NOT NULL,
	"days_before" integer NOT NULL,
	"status" text NOT NULL,
	"gateway_refs" jsonb,
	"provider_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "my_bills" ADD COLUMN "bill_ref_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_debits_bill_idx" ON "autopay_debits" USING btree ("my_bill_id","bill_number");--> statement-breakpoint
CREATE INDEX "autopay_debits_order_idx" ON "autopay_debits" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_mandates_my_bill_idx" ON "autopay_mandates" USING btree ("my_bill_id");