-- The transactions' search (description or counterparty containing a text, ignoring case: ILIKE '%text%')
-- reads trigram indexes instead of every row of the workspace. pg_trgm ships with PostgreSQL's contrib
-- modules and with PGlite (loaded in server/db/client.ts); it is a trusted extension, so a database
-- owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "transactions_description_trgm_idx" ON "transactions" USING GIN ("description" gin_trgm_ops);
CREATE INDEX "transactions_counterparty_trgm_idx" ON "transactions" USING GIN ("counterparty" gin_trgm_ops);

-- sort=amount (either way; the ties, newest first, come from an incremental sort of each amount's rows),
-- and a cursor page of it at any depth, seek on this index.
CREATE INDEX "transactions_workspace_id_amount_idx" ON "transactions"("workspace_id", "amount");
