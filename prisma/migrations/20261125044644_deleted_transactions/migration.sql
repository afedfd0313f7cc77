-- The dashboard's Undo of a delete: each deleted transaction's whole row (to_jsonb), kept 15 minutes
-- (server/domain/transactions/deleted-transactions.ts). No report reads it, so it has no
-- data-version triggers; putting a row back is an insert into transactions, whose triggers count it.

-- CreateTable
CREATE TABLE "deleted_transactions" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "deleted_by_user_id" UUID,
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "row" JSONB NOT NULL,

    CONSTRAINT "deleted_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "deleted_transactions_workspace_id_deleted_at_idx" ON "deleted_transactions"("workspace_id", "deleted_at");

-- AddForeignKey
ALTER TABLE "deleted_transactions" ADD CONSTRAINT "deleted_transactions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
