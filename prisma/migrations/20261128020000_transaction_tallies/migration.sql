-- Running tallies of each account's transactions (transaction_tallies): how many there are and the sum of their
-- amounts, by account, category and type. An account's balance is its tally less the few rows outside its
-- dated window (after the day asked, before its opening day), and a list's total under account, category and
-- type filters is a sum of tallies: neither reads every transaction of the account (a million rows took 240 ms).
--
-- Appended by statement triggers, one row per (account, category, type) a statement changed, so concurrent
-- writers never wait for each other on a counter row; maintenance folds a workspace's rows into one per group
-- (server/domain/transactions/tallies.ts). The rows of a statement that changed no group's figures are not
-- written (an update of the notes, the description, the date). No foreign keys: an account's or workspace's
-- deletion cascades into transactions, whose trigger still writes here; the rows of an account that is gone
-- sum to nothing and folding drops them, those of a workspace that is gone are not written.
CREATE TABLE "transaction_tallies" (
    "seq" BIGSERIAL NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "category_id" UUID,
    "type" "TransactionType" NOT NULL,
    "rows" BIGINT NOT NULL,
    "amount" DECIMAL(30,4) NOT NULL,

    CONSTRAINT "transaction_tallies_pkey" PRIMARY KEY ("seq")
);
CREATE INDEX "transaction_tallies_workspace_id_account_id_idx" ON "transaction_tallies"("workspace_id", "account_id");
CREATE INDEX "transaction_tallies_account_id_idx" ON "transaction_tallies"("account_id");

CREATE FUNCTION tally_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_tallies (workspace_id, account_id, category_id, type, rows, amount)
    SELECT workspace_id, account_id, category_id, type, count(*), sum(amount)
      FROM new_rows GROUP BY workspace_id, account_id, category_id, type;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_tallies (workspace_id, account_id, category_id, type, rows, amount)
    SELECT r.workspace_id, r.account_id, r.category_id, r.type, -count(*), -sum(r.amount)
      FROM old_rows r
     WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = r.workspace_id)
     GROUP BY r.workspace_id, r.account_id, r.category_id, r.type;
  ELSE
    INSERT INTO transaction_tallies (workspace_id, account_id, category_id, type, rows, amount)
    SELECT workspace_id, account_id, category_id, type, sum(n), sum(amount)
      FROM (SELECT workspace_id, account_id, category_id, type, -1 AS n, -amount AS amount FROM old_rows
            UNION ALL
            SELECT workspace_id, account_id, category_id, type, 1, amount FROM new_rows) AS moved
     GROUP BY workspace_id, account_id, category_id, type
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER transactions_tally_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_transactions();
CREATE TRIGGER transactions_tally_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_transactions();
CREATE TRIGGER transactions_tally_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_transactions();

-- TRUNCATE fires no DELETE trigger: the tallies go with the rows.
CREATE FUNCTION clear_transaction_tallies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_tallies;
  RETURN NULL;
END
$$;
CREATE TRIGGER transactions_tally_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION clear_transaction_tallies();

INSERT INTO transaction_tallies (workspace_id, account_id, category_id, type, rows, amount)
SELECT workspace_id, account_id, category_id, type, count(*), sum(amount)
  FROM transactions GROUP BY workspace_id, account_id, category_id, type;
