-- Imports a person controls: "Remember for this account" keeps the parse options an account's
-- statements are read with. A table of its own rather than a column of accounts: remembering a
-- reading is no change of the account (its updated_at and the workspace's data version stay).

-- CreateTable
CREATE TABLE "account_import_readings" (
    "account_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "parse_options" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_import_readings_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE INDEX "account_import_readings_workspace_id_idx" ON "account_import_readings"("workspace_id");

-- AddForeignKey
ALTER TABLE "account_import_readings" ADD CONSTRAINT "account_import_readings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
