-- The large values of imports (previews and kept files) compressed with lz4 where the server has
-- it: compressing a 100k-row upload's 16 MiB preview and 10 MiB file with PostgreSQL's default
-- (pglz) is a good part of the time it takes to store them. No schema change; values already
-- stored stay as they are. PGlite (and servers built without lz4) keep pglz.
DO $$
BEGIN
  IF 'lz4' = ANY ((SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression')::text[]) THEN
    ALTER TABLE "import_jobs" ALTER COLUMN "preview" SET COMPRESSION lz4;
    ALTER TABLE "import_files" ALTER COLUMN "bytes" SET COMPRESSION lz4;
    ALTER TABLE "import_staging" ALTER COLUMN "preview" SET COMPRESSION lz4;
    ALTER TABLE "import_staging" ALTER COLUMN "bytes" SET COMPRESSION lz4;
  END IF;
END $$;
