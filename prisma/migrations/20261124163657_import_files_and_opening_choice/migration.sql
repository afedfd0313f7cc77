-- Imports a person controls: the uploaded file is kept until the import is confirmed or discarded
-- (or expires), so that it can be read again with other options; the confirm says whether the
-- proposed opening balance adjustment is applied. No data-version triggers: no computed read
-- depends on either.

-- AlterTable
ALTER TABLE "import_jobs" ADD COLUMN "adjust_opening_balance" BOOLEAN;

-- CreateTable
CREATE TABLE "import_files" (
    "import_job_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "bytes" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_files_pkey" PRIMARY KEY ("import_job_id")
);

-- CreateIndex
CREATE INDEX "import_files_workspace_id_created_at_idx" ON "import_files"("workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "import_files_expires_at_idx" ON "import_files"("expires_at");

-- AddForeignKey
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_import_job_id_fkey" FOREIGN KEY ("import_job_id") REFERENCES "import_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
