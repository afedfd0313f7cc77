-- "What changed since" (docs/api.md "Keeping a copy in sync").
--
-- Every row of a synced list carries change_xid, the id of the database transaction that last wrote it
-- (pg_current_xact_id(): an insert through the column's default, an update through a trigger). A client's
-- token is a transaction id no higher than the oldest transaction still running when its answer was read
-- (server/domain/sync/sync-token.ts), so a change that commits late, after the answer, has an id at or
-- above the token and shows up in the next delta: nothing depends on wall clocks or commit order.
-- A deleted row leaves a row in sync_deletions (a statement trigger per table), kept 90 days.

-- Updates: the writing transaction's id, and updated_at (the undo of a delete keeps the row's own time
-- by setting pfa.keep_updated_at for its statement). Replaces transactions' touch_updated_at.
CREATE FUNCTION note_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF coalesce(current_setting('pfa.keep_updated_at', true), '') <> 'on' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;

DROP TRIGGER transactions_touch_updated_at ON transactions;
DROP FUNCTION touch_updated_at();

-- Deletes: one sync_deletions row per deleted row, by statement (an import's revert deletes 100k rows in
-- one). The rows a workspace's own deletion cascades into leave nothing: nobody can read them any more.
CREATE TABLE "sync_deletions" (
    "resource" TEXT NOT NULL,
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "change_xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),

    CONSTRAINT "sync_deletions_pkey" PRIMARY KEY ("resource", "id")
);
CREATE INDEX "sync_deletions_workspace_id_resource_change_xid_id_idx"
  ON "sync_deletions"("workspace_id", "resource", "change_xid", "id");
CREATE INDEX "sync_deletions_deleted_at_idx" ON "sync_deletions"("deleted_at");

CREATE TABLE "sync_purges" (
    "workspace_id" UUID NOT NULL,
    "resource" TEXT NOT NULL,
    "purged_through" xid8 NOT NULL,

    CONSTRAINT "sync_purges_pkey" PRIMARY KEY ("workspace_id", "resource")
);

CREATE FUNCTION note_deleted_for_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_deletions (resource, id, workspace_id)
  SELECT TG_ARGV[0], r.id, r.workspace_id FROM old_rows r
   WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = r.workspace_id)
  ON CONFLICT (resource, id) DO UPDATE
    SET workspace_id = EXCLUDED.workspace_id, deleted_at = EXCLUDED.deleted_at, change_xid = EXCLUDED.change_xid;
  RETURN NULL;
END
$$;

-- Each synced table: its change_xid (with the index a delta reads), and the two triggers.
DO $$
DECLARE
  synced text;
BEGIN
  FOREACH synced IN ARRAY ARRAY['transactions', 'categories', 'accounts', 'wallets', 'budgets', 'goals',
                                'recurring_rules', 'transaction_templates', 'categorisation_rules'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN "change_xid" xid8 NOT NULL DEFAULT pg_current_xact_id()', synced);
    EXECUTE format('CREATE INDEX %I ON %I ("workspace_id", "change_xid", "id")',
                   synced || '_workspace_id_change_xid_id_idx', synced);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION note_row_change()',
                   synced || '_note_row_change', synced);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION note_deleted_for_sync(%L)',
                   synced || '_note_deleted_for_sync', synced, synced);
  END LOOP;
END $$;

-- What a row shows can change without the row: an account's balance and a category's counts and sums
-- move with their transactions, and an account shows its wallet's name, notes and kind. Such a change is
-- a row in sync_touches (appended, so writers of one account never wait for each other), which the
-- delta reads beside the rows' own change_xid.
CREATE TABLE "sync_touches" (
    "seq" BIGSERIAL NOT NULL,
    "resource" TEXT NOT NULL,
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "touched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "change_xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),

    CONSTRAINT "sync_touches_pkey" PRIMARY KEY ("seq")
);
CREATE UNIQUE INDEX "sync_touches_resource_id_change_xid_key" ON "sync_touches"("resource", "id", "change_xid");
CREATE INDEX "sync_touches_workspace_id_resource_change_xid_id_idx"
  ON "sync_touches"("workspace_id", "resource", "change_xid", "id");
CREATE INDEX "sync_touches_touched_at_idx" ON "sync_touches"("touched_at");

-- A transaction's write touches its account (balance) and category (counts and sums), the account's
-- wallet (its accounts' balances), the goals saving into that wallet (progress) and the workspace's
-- budgets (spending). Each branch reads only its own transition tables (an INSERT has no old_rows).
CREATE FUNCTION touch_for_transactions(workspaces uuid[], accounts uuid[], categories uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO sync_touches (resource, id, workspace_id)
  SELECT 'accounts', a.id, a.workspace_id FROM accounts a WHERE a.id = ANY(accounts)
  UNION SELECT 'wallets', a.wallet_id, a.workspace_id FROM accounts a WHERE a.id = ANY(accounts)
  UNION SELECT 'categories', c.id, c.workspace_id FROM categories c WHERE c.id = ANY(categories)
  UNION SELECT 'goals', g.id, g.workspace_id FROM goals g JOIN accounts a ON a.wallet_id = g.linked_wallet_id
         WHERE a.id = ANY(accounts)
  UNION SELECT 'budgets', b.id, b.workspace_id FROM budgets b WHERE b.workspace_id = ANY(workspaces)
  ON CONFLICT DO NOTHING
$$;

CREATE FUNCTION touch_of_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM touch_for_transactions(
      (SELECT array_agg(DISTINCT workspace_id) FROM new_rows),
      (SELECT array_agg(DISTINCT account_id) FROM new_rows),
      (SELECT array_agg(DISTINCT category_id) FROM new_rows WHERE category_id IS NOT NULL));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    -- (A workspace's deletion cascades here after its accounts and categories are gone: nothing to touch.)
    PERFORM touch_for_transactions(
      (SELECT array_agg(DISTINCT workspace_id) FROM old_rows),
      (SELECT array_agg(DISTINCT account_id) FROM old_rows),
      (SELECT array_agg(DISTINCT category_id) FROM old_rows WHERE category_id IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;

-- An account's own change (its IBAN, opening balance, active) is a change of its wallet too.
CREATE FUNCTION touch_wallets_of_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO sync_touches (resource, id, workspace_id)
    SELECT DISTINCT 'wallets', w.id, w.workspace_id FROM wallets w JOIN new_rows r ON r.wallet_id = w.id
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO sync_touches (resource, id, workspace_id)
    SELECT DISTINCT 'wallets', w.id, w.workspace_id FROM wallets w JOIN old_rows r ON r.wallet_id = w.id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER accounts_touch_wallets_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_wallets_of_accounts();
CREATE TRIGGER accounts_touch_wallets_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_wallets_of_accounts();
CREATE TRIGGER accounts_touch_wallets_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_wallets_of_accounts();

CREATE FUNCTION touch_accounts_of_wallets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_touches (resource, id, workspace_id)
  SELECT 'accounts', a.id, a.workspace_id FROM accounts a JOIN new_rows w ON w.id = a.wallet_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER wallets_touch_accounts AFTER UPDATE ON wallets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_accounts_of_wallets();

CREATE FUNCTION touch_budgets_of_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE budgets b SET change_xid = pg_current_xact_id() WHERE b.id IN (SELECT budget_id FROM old_rows);
  ELSE
    UPDATE budgets b SET change_xid = pg_current_xact_id() WHERE b.id IN (SELECT budget_id FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER budget_categories_touch_budget_insert AFTER INSERT ON budget_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_budgets_of_categories();
CREATE TRIGGER budget_categories_touch_budget_delete AFTER DELETE ON budget_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_budgets_of_categories();

-- Transition tables serve one event each: three triggers.
CREATE TRIGGER transactions_touch_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_of_transactions();
CREATE TRIGGER transactions_touch_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_of_transactions();
CREATE TRIGGER transactions_touch_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION touch_of_transactions();
