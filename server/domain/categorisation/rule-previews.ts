/** What applying rules would do, answered without changing anything: the dry run and the live match count. */

import type { Db } from "../../db";
import { currencyById } from "../money/currencies";
import { formatMoney } from "../money/money";
import type { WorkspaceContext } from "../workspace-context";
import { compileRules } from "./categoriser";
import { conditionsTest, foldSubject, type RuleConditions } from "./rule-conditions";
import {
  accountFilter,
  APPLICATION_BATCH_SIZE,
  candidates,
  changesOf,
  chosenRules,
  type ApplyRulesRequest,
  type CandidateRow,
  type RuleChange,
} from "./rule-matching";

/** Changes a dry run lists (it counts them all). */
const DRY_RUN_LISTED = 100;

/** What applying the rules would change; changes nothing. */
export async function dryRunRules(context: WorkspaceContext, request: ApplyRulesRequest) {
  const { db, workspace } = context;
  await accountFilter(context, request.account_id);
  const rules = compileRules(await chosenRules(context, request.rule_ids));
  let examined = 0;
  let changeCount = 0;
  const listed: RuleChange[] = [];
  for (let cursor: string | null = null; ;) {
    const rows = await candidates(db, workspace.id, request, cursor, APPLICATION_BATCH_SIZE * 5);
    examined += rows.length;
    if (rows.length === 0) break;
    const changes = changesOf(rules, rows);
    changeCount += changes.length;
    listed.push(...changes.slice(0, DRY_RUN_LISTED - listed.length));
    const last = rows[rows.length - 1]!;
    cursor = `${last.date}|${last.id}`;
  }
  const changes = await Promise.all(
    listed.map(async ({ currencyId, ...change }) => ({ ...change, ...(await moneyOf(db, change.amount, currencyId)) })),
  );
  return { examined_count: examined, change_count: changeCount, changes };
}

/** An amount as the API writes money: in its currency's places (JPY 1000, KWD 1.234), with the currency's code. */
async function moneyOf(db: Db, amount: string, currencyId: string) {
  const currency = await currencyById(db, currencyId);
  return { amount: formatMoney(amount, currency.decimalPlaces), currency_code: currency.code };
}

/** A live count reads at most this many of the newest transactions: a person typing a rule waits for none of the rest. */
export const MATCH_SCAN_LIMIT = 50_000;

/**
 * The past transactions conditions not yet saved as a rule would match (a rule being written, the
 * "always" offer): how many, how many of them have no category yet, and the newest five; counted
 * among the newest MATCH_SCAN_LIMIT transactions (`complete` false when there are more).
 */
export async function countMatches(
  { db, workspace }: WorkspaceContext,
  conditions: RuleConditions,
): Promise<{
  match_count: number;
  uncategorised_count: number;
  examined_count: number;
  complete: boolean;
  examples: Array<CandidateRow & { currency_code: string }>;
}> {
  await accountFilter({ db, workspace }, conditions.account_id, "conditions.account_id");
  const test = conditionsTest(conditions);
  const rows = await db.prisma.$queryRawUnsafe<CandidateRow[]>(
    `SELECT id::text AS id, to_char(date, 'YYYY-MM-DD') AS date, description, counterparty, amount::text AS amount,
            account_id::text AS "accountId", currency_id::text AS "currencyId", category_id::text AS "categoryId"
       FROM transactions
      WHERE workspace_id = $1::uuid AND type <> 'transfer' AND NOT split AND ($2::uuid IS NULL OR account_id = $2::uuid)
      ORDER BY date DESC, id DESC
      LIMIT ${MATCH_SCAN_LIMIT + 1}`,
    workspace.id,
    conditions.account_id,
  );
  const examined = rows.slice(0, MATCH_SCAN_LIMIT);
  const matches = examined.filter((row) => test(foldSubject(row)));
  return {
    match_count: matches.length,
    uncategorised_count: matches.filter((row) => row.categoryId === null).length,
    examined_count: examined.length,
    complete: rows.length <= MATCH_SCAN_LIMIT,
    examples: await Promise.all(
      matches.slice(0, 5).map(async (row) => ({ ...row, ...(await moneyOf(db, row.amount, row.currencyId)) })),
    ),
  };
}
