-- Reports and insights: a stored description pattern, and a per-workspace record of data changes.

-- The normalised description pattern (server/domain/reports/pattern.ts): lower-cased, digits removed,
-- punctuation and runs of white space turned into one space, trimmed, the first 4 words.
-- "STREAMFLIX.COM 12/03" -> "streamflix com". One definition, used by the stored column below and by
-- the reports when they match recurring rule names.
CREATE FUNCTION description_pattern(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  RETURN array_to_string(
    (string_to_array(btrim(regexp_replace(regexp_replace(lower(value), '[0-9]+', '', 'g'), '([[:punct:]]|\s)+', ' ', 'g')), ' '))[1:4],
    ' ');

ALTER TABLE "transactions"
  ADD COLUMN "description_pattern" TEXT GENERATED ALWAYS AS (description_pattern("description")) STORED;

-- One row per write statement and workspace on the tables computed reads (reports, insights, balances,
-- category figures) depend on. A cached result remembers (sum of weight, max id) of its workspace's
-- rows and is fresh while both are unchanged: inserting takes no lock, so writers of one workspace
-- never wait for each other here, and a transaction that commits late still adds weight even when
-- its id is lower than the max. Pruning folds the weight of the rows it deletes into the row it
-- keeps, so it never changes a version.
CREATE TABLE "workspace_data_changes" (
    "id" BIGSERIAL NOT NULL,
    "workspace_id" UUID NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "weight" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "workspace_data_changes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "workspace_data_changes_workspace_id_id_idx" ON "workspace_data_changes"("workspace_id", "id");

CREATE FUNCTION note_inserted_or_updated_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_data_changes (workspace_id) SELECT DISTINCT workspace_id FROM new_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION note_deleted_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_data_changes (workspace_id) SELECT DISTINCT workspace_id FROM old_rows;
  RETURN NULL;
END $$;

-- Statement-level triggers with transition tables: one row per statement, however many rows it
-- writes (an import books 100k transactions in one INSERT). A transition table serves one event only,
-- hence three triggers per table.
DO $$
DECLARE
  tracked text;
BEGIN
  FOREACH tracked IN ARRAY ARRAY['transactions', 'categories', 'groups', 'recurring_rules', 'wallets', 'accounts', 'budgets', 'goals'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_inserted_or_updated_rows()', tracked || '_note_insert', tracked);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_inserted_or_updated_rows()', tracked || '_note_update', tracked);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_deleted_rows()', tracked || '_note_delete', tracked);
  END LOOP;
END $$;

-- Budget categories carry no workspace id: their budget's.
CREATE FUNCTION note_budget_category_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO workspace_data_changes (workspace_id)
      SELECT DISTINCT b.workspace_id FROM old_rows r JOIN budgets b ON b.id = r.budget_id;
  ELSE
    INSERT INTO workspace_data_changes (workspace_id)
      SELECT DISTINCT b.workspace_id FROM new_rows r JOIN budgets b ON b.id = r.budget_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER budget_categories_note_insert AFTER INSERT ON budget_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_budget_category_rows();
CREATE TRIGGER budget_categories_note_delete AFTER DELETE ON budget_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_budget_category_rows();

-- FX rates are shared by every workspace: their changes are rows of the nil workspace id, which
-- every workspace's version includes.
CREATE FUNCTION note_shared_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_data_changes (workspace_id) VALUES ('00000000-0000-0000-0000-000000000000');
  RETURN NULL;
END $$;

CREATE TRIGGER fx_rates_note_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fx_rates
  FOR EACH STATEMENT EXECUTE FUNCTION note_shared_rows();

-- A user's name and e-mail appear in the created_by of their workspaces' rows.
CREATE FUNCTION note_user_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_data_changes (workspace_id)
    SELECT DISTINCT m.workspace_id FROM new_rows u JOIN memberships m ON m.user_id = u.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_note_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_user_rows();

-- The reports group transactions by these columns together. Without statistics on the combination the
-- planner multiplies the columns' distinct counts, expects far more groups than there are and sorts a
-- workspace's rows instead of hashing them (filled in by ANALYZE, which autovacuum runs).
CREATE STATISTICS "transactions_flow_groups" (ndistinct) ON "date", "type", "category_id", "account_id", "currency_id" FROM "transactions";
CREATE STATISTICS "transactions_pattern_groups" (ndistinct) ON "description_pattern", "type", "currency_id" FROM "transactions";

-- Recurring detection reads the few plausible patterns' transactions by pattern.
CREATE INDEX "transactions_workspace_id_description_pattern_date_idx" ON "transactions"("workspace_id", "description_pattern", "date");
