-- Biller search runs in each replica's memory (decision 070); nothing reads this index any more,
-- and every sync paid to keep it. IF EXISTS: a database restored without it still migrates.
DROP INDEX IF EXISTS "billers_search_name_trgm_idx";
