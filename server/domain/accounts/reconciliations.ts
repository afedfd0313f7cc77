/**
 * Reconciling an account to a bank statement (docs/api.md "Reconciling an account"): the statement's
 * balance on a day against the account's cleared balance on that day (its opening balance plus the
 * transactions marked cleared, from the opening balance date up to the day). The difference tells the
 * person what is still to mark cleared or correct; at zero, finishing locks those cleared transactions
 * (reconciled: the database then refuses edits of what the statement says, migration reconciliation)
 * and records the reconciliation on the account and its wallet.
 */
import { AppError } from "../../errors";
import { amountIn } from "../money/amount-input";
import { Decimal, formatMoney } from "../money/money";
import { dateToDay, dayToDate } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import { accountOf } from "../transactions/references";

export interface ReconcileInput {
  id: string;
  /** Signed, in the account's currency. */
  statement_balance: string;
  /** YYYY-MM-DD */
  as_of: string;
  finish: boolean;
}

export interface ReconciliationView {
  /** The recorded reconciliation; null while it is not finished. */
  id: string | null;
  account_id: string;
  as_of: string;
  statement_balance: string;
  cleared_balance: string;
  /** statement_balance minus cleared_balance: zero when they agree. */
  difference: string;
  /** The account's transactions up to as_of not marked cleared yet: how many, and their sum. */
  uncleared_count: number;
  uncleared_amount: string;
  reconciled: boolean;
  /** How many transactions the finished reconciliation locked (0 before it finishes). */
  locked_count: number;
  created_at: string | null;
}

interface Figures {
  opened: Date | null;
  cleared: string;
  uncleared_count: number;
  uncleared_amount: string;
}

/** The account's cleared balance on `asOf` and what is not cleared yet, counted from its opening balance date. */
async function figuresOn({ db }: WorkspaceContext, accountId: string, asOf: string): Promise<Figures> {
  const [row] = await db.sql.query<Figures>(
    `SELECT a.opening_balance_date AS opened,
            (a.opening_balance + COALESCE(sum(t.amount) FILTER (WHERE t.cleared), 0))::text AS cleared,
            count(t.id) FILTER (WHERE NOT t.cleared)::int AS uncleared_count,
            COALESCE(sum(t.amount) FILTER (WHERE NOT t.cleared), 0)::text AS uncleared_amount
       FROM accounts a
       LEFT JOIN transactions t ON t.account_id = a.id AND t.date <= $2::date
                               AND (a.opening_balance_date IS NULL OR t.date >= a.opening_balance_date)
      WHERE a.id = $1::uuid
      GROUP BY a.id`,
    [accountId, asOf],
  );
  return row!;
}

/**
 * The difference between a statement balance and the account's cleared balance on its day; with
 * `finish`, at zero difference, locks the cleared transactions up to that day and records the
 * reconciliation (422 naming the difference otherwise). The caller runs it in a transaction.
 * Finishing again what is already so locks nothing new and answers the recorded reconciliation.
 */
export async function reconcileAccount(
  context: WorkspaceContext & { userId: string },
  input: ReconcileInput,
): Promise<ReconciliationView> {
  const { db, workspace, userId } = context;
  const account = await accountOf(context, input.id, false);
  const statement = amountIn(input.statement_balance, account.currency, "statement_balance");
  // One reconciliation of an account at a time: a second waits, then finds the first's locks.
  await db.sql.query("SELECT 1 FROM accounts WHERE id = $1::uuid FOR UPDATE", [account.id]);
  const figures = await figuresOn(context, account.id, input.as_of);
  if (figures.opened && input.as_of < dateToDay(figures.opened))
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `as_of: the account's opening balance is set on ${dateToDay(figures.opened)}; reconcile to that day or a later one.`,
    );
  const format = (value: Decimal.Value) => formatMoney(value, account.currency.decimalPlaces);
  const difference = statement.minus(figures.cleared);
  const view: ReconciliationView = {
    id: null,
    account_id: account.id,
    as_of: input.as_of,
    statement_balance: format(statement),
    cleared_balance: format(figures.cleared),
    difference: format(difference),
    uncleared_count: figures.uncleared_count,
    uncleared_amount: format(figures.uncleared_amount),
    reconciled: false,
    locked_count: 0,
    created_at: null,
  };
  if (!input.finish) return view;
  if (!difference.isZero())
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `difference: the statement balance differs from the cleared balance by ${format(difference)} ` +
        `${account.currency.code}; mark the missing transactions cleared (or correct them) until the difference is 0.`,
    );

  const locked = await db.sql.query<{ id: string }>(
    `UPDATE transactions t SET reconciled = true, updated_at = now()
       FROM accounts a
      WHERE a.id = $1::uuid AND t.account_id = a.id AND t.cleared AND NOT t.reconciled AND t.date <= $2::date
        AND (a.opening_balance_date IS NULL OR t.date >= a.opening_balance_date)
     RETURNING t.id`,
    [account.id, input.as_of],
  );
  // Rows cleared or changed by another write since the figures were read are seen now: the locked set
  // must still reach the statement balance, else nothing is locked (the caller's transaction rolls back).
  const after = await figuresOn(context, account.id, input.as_of);
  if (!statement.equals(after.cleared))
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `difference: the account changed meanwhile; the statement balance now differs from the cleared balance by ` +
        `${format(statement.minus(after.cleared))} ${account.currency.code}. Compare again.`,
    );
  const latest = await db.prisma.reconciliation.findFirst({
    where: { accountId: account.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const repeated =
    locked.length === 0 &&
    latest !== null &&
    dateToDay(latest.asOf) === input.as_of &&
    statement.equals(latest.statementBalance.toString());
  const recorded = repeated
    ? latest
    : await db.prisma.reconciliation.create({
        data: {
          workspaceId: workspace.id,
          accountId: account.id,
          asOf: dayToDate(input.as_of),
          statementBalance: statement.toFixed(),
          transactionCount: locked.length,
          createdByUserId: userId,
        },
      });
  if (!repeated)
    await db.sql.query(
      `UPDATE wallets SET reconciliation_status = 'reconciled', version = version + 1, updated_at = now(),
              last_reconciled_at = GREATEST(COALESCE(last_reconciled_at, $2::date), $2::date)
        WHERE id = $1::uuid`,
      [account.walletId, input.as_of],
    );
  return {
    ...view,
    id: recorded.id,
    reconciled: true,
    locked_count: recorded.transactionCount,
    created_at: recorded.createdAt.toISOString(),
  };
}
