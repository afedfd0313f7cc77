-- Split transactions (docs/api.md "Split transactions"): one bank transaction divided among categories.
-- The parts carry the categories and add up to the transaction's amount (checked by the writes, which
-- replace them whole); a split transaction has no category of its own.
ALTER TABLE "transactions"
  ADD COLUMN "split" BOOLEAN NOT NULL DEFAULT false,
  ADD CONSTRAINT "transactions_split_has_no_category" CHECK (NOT "split" OR "category_id" IS NULL);

CREATE TABLE "transaction_parts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "category_id" UUID,
    "notes" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    -- The transaction's, kept equal by the trigger below: the reports' sums read the parts of a window
    -- without joining their transactions (bench:reports).
    "account_id" UUID NOT NULL,
    "currency_id" UUID NOT NULL,
    "type" "TransactionType" NOT NULL,
    "date" DATE NOT NULL,

    CONSTRAINT "transaction_parts_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "transaction_parts_transaction_id_position_key" ON "transaction_parts"("transaction_id", "position");
CREATE INDEX "transaction_parts_workspace_id_category_id_idx" ON "transaction_parts"("workspace_id", "category_id");
CREATE INDEX "transaction_parts_workspace_id_date_idx" ON "transaction_parts"("workspace_id", "date");
-- The reports' second branch (category_lines below) reads the split transactions of a workspace by date.
CREATE INDEX "transactions_split_idx" ON "transactions"("workspace_id", "date") WHERE "split";

ALTER TABLE "transaction_parts" ADD CONSTRAINT "transaction_parts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "transaction_parts" ADD CONSTRAINT "transaction_parts_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "transaction_parts" ADD CONSTRAINT "transaction_parts_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- What reports, budgets, insights, clusters and the categorisation learner count: each unsplit transaction
-- whole, and each part of a split one with the transaction's account, day, type and texts but its own amount,
-- category and notes, and its own tags beside the transaction's. Balances read transactions (a split one
-- counts once, whole). `id` is the transaction's (a split one repeats it per part); `part_id` is null for a
-- whole transaction.
CREATE VIEW "category_lines" AS
SELECT t.id, NULL::uuid AS part_id, t.workspace_id, t.account_id, t.currency_id, t.type, t.date, t.amount,
       t.category_id, t.description, t.counterparty, t.notes, t.tags, t.description_pattern, t.recurring_rule_id,
       t.import_job_id, t.transfer_peer_id, t.created_at
  FROM transactions t
 WHERE NOT t.split
UNION ALL
SELECT t.id, p.id AS part_id, t.workspace_id, t.account_id, t.currency_id, t.type, t.date, p.amount,
       p.category_id, t.description, t.counterparty, COALESCE(p.notes, t.notes), t.tags || p.tags, t.description_pattern,
       t.recurring_rule_id, t.import_job_id, t.transfer_peer_id, t.created_at
  FROM transactions t
  JOIN transaction_parts p ON p.transaction_id = t.id
 WHERE t.split;

-- A split transaction's account, currency, type and day, copied onto its parts whenever they change.
CREATE FUNCTION transaction_parts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transaction_parts
     SET account_id = NEW.account_id, currency_id = NEW.currency_id, type = NEW.type, date = NEW.date
   WHERE transaction_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER transactions_parts_follow AFTER UPDATE OF account_id, currency_id, type, date ON "transactions"
  FOR EACH ROW
  WHEN (NEW.split AND (NEW.account_id, NEW.currency_id, NEW.type, NEW.date)
                      IS DISTINCT FROM (OLD.account_id, OLD.currency_id, OLD.type, OLD.date))
  EXECUTE FUNCTION transaction_parts_follow();

-- Data versions (report caches) move with parts as with transactions (migration report_data_versions),
-- and a part's category is touched for "since" readers of categories (migration sync_changes). The
-- part's transaction is itself updated by every write of its parts, so its own triggers run too.
CREATE TRIGGER transaction_parts_note_insert AFTER INSERT ON transaction_parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_inserted_or_updated_rows();
CREATE TRIGGER transaction_parts_note_update AFTER UPDATE ON transaction_parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_inserted_or_updated_rows();
CREATE TRIGGER transaction_parts_note_delete AFTER DELETE ON transaction_parts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_deleted_rows();

CREATE FUNCTION touch_of_transaction_parts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sync_touches (resource, id, workspace_id)
    SELECT 'categories', c.id, c.workspace_id FROM categories c WHERE c.id IN (SELECT category_id FROM new_rows)
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO sync_touches (resource, id, workspace_id)
    SELECT 'categories', c.id, c.workspace_id FROM categories c WHERE c.id IN (SELECT category_id FROM old_rows)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER transaction_parts_touch_insert AFTER INSERT ON transaction_parts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_of_transaction_parts();
CREATE TRIGGER transaction_parts_touch_delete AFTER DELETE ON transaction_parts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_of_transaction_parts();
