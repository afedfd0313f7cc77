-- A transaction's updated_at moves with every change, whoever writes it: Prisma sets it on its own
-- updates, but the rule applications update rows in plain SQL. Clients read updated_at, so the
-- database keeps it (the time of the writing transaction). The undo of a delete puts rows back
-- exactly as they were, times included: it sets pfa.keep_updated_at for its own statement.
CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('pfa.keep_updated_at', true), '') <> 'on' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER transactions_touch_updated_at
  BEFORE UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
