/**
 * What applying rules to past transactions reads and decides, shared by the dry run, the live match
 * count and the background batches: the chosen rules, the candidate transactions in (date, id)
 * order, and the change each rule makes.
 */
import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";
import { compileRules, type RunnableRule } from "./categoriser";
import { foldSubject, type RuleConditions } from "./rule-conditions";

/** Transactions read, matched and written per batch (and per database transaction). */
export const APPLICATION_BATCH_SIZE = 2_000;
export interface ApplyRulesRequest {
  rule_ids?: string[];
  only_uncategorised: boolean;
  from?: string;
  to?: string;
  account_id?: string;
}

export interface CandidateRow {
  id: string;
  date: string;
  description: string;
  counterparty: string | null;
  amount: string;
  accountId: string;
  currencyId: string;
  categoryId: string | null;
}

export interface RuleChange {
  transaction_id: string;
  date: string;
  description: string;
  amount: string;
  /** The transaction's currency (its id; the answers name its code and write amount in its places). */
  currencyId: string;
  rule_id: string;
  from_category_id: string | null;
  to_category_id: string;
  from_counterparty: string | null;
  to_counterparty: string | null;
}

/** The rules to apply, in the workspace's order: the chosen ones (each must exist: 404), else every enabled one. */
export async function chosenRules(
  { db, workspace }: WorkspaceContext,
  ruleIds: string[] | undefined,
): Promise<RunnableRule[]> {
  const rows = await db.prisma.categorisationRule.findMany({
    where: { workspaceId: workspace.id, ...(ruleIds ? { id: { in: ruleIds } } : { enabled: true }) },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      name: true,
      conditions: true,
      categoryId: true,
      setCounterparty: true,
      category: { select: { archivedAt: true, name: true } },
    },
  });
  if (ruleIds && rows.length !== new Set(ruleIds).size)
    throw new AppError(
      "RESOURCE_NOT_FOUND",
      "rule_ids: a rule with one of these ids does not exist in your workspace.",
    );
  const archived = rows.find((row) => row.category.archivedAt !== null);
  if (archived && ruleIds)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `rule_ids: rule “${archived.name}” files into the archived category “${archived.category.name}”.`,
    );
  // Without a choice, a rule into an archived category is left out, as imports leave it out.
  return rows
    .filter((row) => row.category.archivedAt === null)
    .map(({ category: _category, conditions, ...rule }) => ({
      ...rule,
      conditions: conditions as unknown as RuleConditions,
    }));
}

/** 404 naming `field` unless `accountId` (when given) is an account of the workspace. */
export async function accountFilter(
  { db, workspace }: WorkspaceContext,
  accountId: string | null | undefined,
  field = "account_id",
) {
  if (!accountId) return;
  const account = await db.prisma.account.findFirst({
    where: { id: accountId, workspaceId: workspace.id },
    select: { id: true },
  });
  if (!account) throw new AppError("RESOURCE_NOT_FOUND", `${field}: no account with this id exists in your workspace.`);
}

/** The next batch of candidates after `cursor` ("date|id"), in (date, id) order. */
export async function candidates(
  db: Db,
  workspaceId: string,
  request: ApplyRulesRequest,
  cursor: string | null,
  limit: number,
): Promise<CandidateRow[]> {
  const [afterDate, afterId] = cursor ? cursor.split("|") : [null, null];
  return db.prisma.$queryRawUnsafe<CandidateRow[]>(
    `SELECT id::text AS id, to_char(date, 'YYYY-MM-DD') AS date, description, counterparty, amount::text AS amount,
            account_id::text AS "accountId", currency_id::text AS "currencyId", category_id::text AS "categoryId"
       FROM transactions
      WHERE workspace_id = $1::uuid AND type <> 'transfer' AND NOT split -- a split one is filed by its parts
        AND ($2::boolean IS FALSE OR category_id IS NULL)
        AND ($3::date IS NULL OR date >= $3::date) AND ($4::date IS NULL OR date <= $4::date)
        AND ($5::uuid IS NULL OR account_id = $5::uuid)
        AND ($6::date IS NULL OR (date, id) > ($6::date, $7::uuid))
      ORDER BY date, id
      LIMIT ${limit}`,
    workspaceId,
    request.only_uncategorised,
    request.from ?? null,
    request.to ?? null,
    request.account_id ?? null,
    afterDate,
    afterId,
  );
}

/** What the rules do to these rows: a change for each row a rule matches and whose category or counterparty it moves. */
export function changesOf(rules: ReturnType<typeof compileRules>, rows: CandidateRow[]): RuleChange[] {
  const changes: RuleChange[] = [];
  for (const row of rows) {
    const rule = rules.match(foldSubject(row));
    if (!rule) continue;
    const counterparty = rule.setCounterparty ?? row.counterparty;
    if (rule.categoryId === row.categoryId && counterparty === row.counterparty) continue;
    changes.push({
      transaction_id: row.id,
      date: row.date,
      description: row.description,
      amount: row.amount,
      currencyId: row.currencyId,
      rule_id: rule.id,
      from_category_id: row.categoryId,
      to_category_id: rule.categoryId,
      from_counterparty: row.counterparty,
      to_counterparty: counterparty,
    });
  }
  return changes;
}
