-- Reconciliation (docs/api.md "Reconciling an account"): a transaction is cleared (the bank shows it) or
-- not; reconciling an account to a statement balance locks the cleared transactions up to its day
-- (reconciled), and records the reconciliation.
ALTER TABLE "transactions"
  ADD COLUMN "cleared" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "reconciled" BOOLEAN NOT NULL DEFAULT false,
  ADD CONSTRAINT "transactions_reconciled_is_cleared" CHECK (NOT "reconciled" OR "cleared");

CREATE TABLE "reconciliations" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "as_of" DATE NOT NULL,
    "statement_balance" DECIMAL(20,4) NOT NULL,
    "transaction_count" INTEGER NOT NULL,
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reconciliations_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "reconciliations_account_id_as_of_idx" ON "reconciliations"("account_id", "as_of");
CREATE INDEX "reconciliations_workspace_id_idx" ON "reconciliations"("workspace_id");

ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A reconciled transaction keeps what the statement says of it (its account, day, amount, texts and
-- cleared mark) and is not deleted until a person unlocks it (reconciled set to false): whichever code
-- path writes it, the database refuses (SQLSTATE PF409, read as 409 TRANSACTION_RECONCILED by
-- server/db/errors.ts). What a person files it under (category, notes, tags) stays editable. Rows
-- deleted by a cascade (their account or workspace deleted) are not held: those run at trigger depth 2.
-- Rows never reconciled skip the function (the trigger's WHEN), so bulk writes pay nothing for it.
CREATE FUNCTION transactions_keep_reconciled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN COALESCE(NEW, OLD);
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.reconciled THEN
      RAISE EXCEPTION 'transaction % is reconciled', OLD.id USING ERRCODE = 'PF409', DETAIL = OLD.id::text;
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.reconciled AND NEW.reconciled AND (
       NEW.account_id, NEW.currency_id, NEW.type, NEW.date, NEW.amount, NEW.foreign_amount,
       NEW.foreign_currency_id, NEW.description, NEW.counterparty, NEW.cleared
     ) IS DISTINCT FROM (
       OLD.account_id, OLD.currency_id, OLD.type, OLD.date, OLD.amount, OLD.foreign_amount,
       OLD.foreign_currency_id, OLD.description, OLD.counterparty, OLD.cleared
     ) THEN
    RAISE EXCEPTION 'transaction % is reconciled', OLD.id USING ERRCODE = 'PF409', DETAIL = OLD.id::text;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER transactions_keep_reconciled BEFORE UPDATE OR DELETE ON "transactions"
  FOR EACH ROW WHEN (OLD.reconciled) EXECUTE FUNCTION transactions_keep_reconciled();
