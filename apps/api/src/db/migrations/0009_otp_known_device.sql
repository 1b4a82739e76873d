DROP INDEX "otps_pending_lookup_idx";--> statement-breakpoint
ALTER TABLE "otps" ADD COLUMN "known_device" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "otps" DROP COLUMN "lookup_hash";