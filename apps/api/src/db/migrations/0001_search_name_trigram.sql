-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it at open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "billers_search_name_trgm_idx" ON "billers" USING gin ("search_name" gin_trgm_ops);
