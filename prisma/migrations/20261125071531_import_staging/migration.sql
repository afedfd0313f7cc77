-- The bulk values of an upload (its preview and its file), written through the database driver
-- before the upload's transaction and moved into the new job by that transaction
-- (server/domain/imports/import-staging.ts). A row lives for one request; rows left by a request
-- that failed are deleted by it, or by the hourly maintenance. Unlogged: after a crash a staged
-- row is garbage anyway, so its bytes need no write-ahead log.
CREATE UNLOGGED TABLE "import_staging" (
    "id" UUID NOT NULL,
    "preview" JSONB NOT NULL,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_staging_pkey" PRIMARY KEY ("id")
);
