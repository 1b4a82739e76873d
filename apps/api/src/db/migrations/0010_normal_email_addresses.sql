-- Decision 107: an address is kept in its normal form (NFKC, lower-cased). Every stored address was
-- already trimmed and lower-cased; this folds what NFKC changes (a fullwidth address) when the result is
-- a plain address that no other row has or would get. Rows that would collide are left for support.
-- normalize() needs a UTF8 database; on any other there is nothing NFKC could have let in.
DO $$
BEGIN
	IF current_setting('server_encoding') = 'UTF8' THEN
		UPDATE "users" SET "email" = "normal"."address", "updated_at" = now()
		FROM (
			SELECT "id", lower(normalize("email", NFKC)) AS "address",
				count(*) OVER (PARTITION BY lower(normalize("email", NFKC))) AS "sharers"
			FROM "users"
			WHERE "email" IS NOT NULL
		) AS "normal"
		WHERE "users"."id" = "normal"."id"
			AND "normal"."sharers" = 1
			AND "users"."email" <> "normal"."address"
			AND length("normal"."address") <= 254
			AND "normal"."address" ~ '^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$';
	END IF;
END $$;
