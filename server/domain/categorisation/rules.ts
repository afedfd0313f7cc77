/**
 * A workspace's categorisation rules: kept in order (position 1 is tried first), at most
 * MAX_RULES of them. Writes that change the order hold the workspace's rule lock, so two
 * concurrent creates never share a position and the cap holds under concurrency.
 */
import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";
import { accountFilter } from "./rule-matching";
import { conditionsTest, MAX_WORKSPACE_PATTERN_SIZE, patternSize, type RuleConditions } from "./rule-conditions";

export const MAX_RULES = 1_000;

/** The advisory lock namespace of a workspace's rule order (the second key is the workspace id's hash). */
const RULE_ORDER_LOCK_CLASS = 7_242_002;

export interface RuleRecord {
  id: string;
  position: number;
  name: string;
  conditions: RuleConditions;
  categoryId: string;
  setCounterparty: string | null;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface RuleFields {
  name?: string;
  conditions: RuleConditions;
  category_id: string;
  set_counterparty?: string | null;
  enabled?: boolean;
  /** 1-based; the rule goes there and the rules from there move down. Default: last. */
  position?: number;
}

export type RuleChanges = Partial<RuleFields>;

type RuleRow = Omit<RuleRecord, "conditions"> & { conditions: unknown };

const ruleSelect = {
  id: true,
  position: true,
  name: true,
  conditions: true,
  categoryId: true,
  setCounterparty: true,
  enabled: true,
  createdAt: true,
  updatedAt: true,
} as const;

function toRecord(row: RuleRow): RuleRecord {
  return { ...row, conditions: row.conditions as RuleConditions };
}

/** A name for a rule nobody named, from what it asks: “description contains “rewe”” and so on. */
function describeConditions(conditions: RuleConditions): string {
  const parts: string[] = [];
  const text = (field: string, condition: { operator: string; value: string }) =>
    `${field} ${condition.operator.replace("_", " ")} “${condition.value}”`;
  if (conditions.description) parts.push(text("description", conditions.description));
  if (conditions.counterparty) parts.push(text("counterparty", conditions.counterparty));
  if (conditions.amount) {
    const { min, max, sign } = conditions.amount;
    if (min !== null && max !== null) parts.push(`amount ${min} to ${max}`);
    else if (min !== null) parts.push(`amount from ${min}`);
    else if (max !== null) parts.push(`amount up to ${max}`);
    if (sign) parts.push(sign === "negative" ? "money out" : "money in");
  }
  if (conditions.type) parts.push(conditions.type);
  if (conditions.account_id) parts.push("one account");
  return parts.join(", ").slice(0, 100);
}

async function lockRuleOrder({ db, workspace }: WorkspaceContext): Promise<void> {
  await db.prisma.$executeRawUnsafe(
    `SELECT pg_advisory_xact_lock(${RULE_ORDER_LOCK_CLASS}, hashtext($1))`,
    workspace.id,
  );
}

/** The rule, or 404 (another workspace's rule is not there either). */
async function ruleOf({ db, workspace }: WorkspaceContext, id: string): Promise<RuleRecord> {
  const rule = await db.prisma.categorisationRule.findFirst({
    where: { id, workspaceId: workspace.id },
    select: ruleSelect,
  });
  if (!rule) throw new AppError("RESOURCE_NOT_FOUND", "No categorisation rule with this id exists in your workspace.");
  return toRecord(rule);
}

/** The category a rule files into: the workspace's (else 404), not archived (else 422). */
async function targetCategory({ db, workspace }: WorkspaceContext, id: string): Promise<void> {
  const category = await db.prisma.category.findFirst({
    where: { id, workspaceId: workspace.id },
    select: { archivedAt: true },
  });
  if (!category)
    throw new AppError("RESOURCE_NOT_FOUND", "category_id: no category with this id exists in your workspace.");
  if (category.archivedAt)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      "category_id: the category is archived; restore it or choose another.",
    );
}

/** 422 when the workspace's regular expressions, `id`'s replaced by `conditions`, would compile to too much. */
async function checkPatternBudget(
  { db, workspace }: WorkspaceContext,
  conditions: RuleConditions,
  id: string | null,
): Promise<void> {
  const added = patternSize(conditions);
  if (added === 0) return;
  const others = await db.prisma.categorisationRule.findMany({
    where: { workspaceId: workspace.id, ...(id ? { id: { not: id } } : {}) },
    select: { conditions: true },
  });
  const total = others.reduce((sum, rule) => sum + patternSize(rule.conditions as unknown as RuleConditions), added);
  if (total > MAX_WORKSPACE_PATTERN_SIZE)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `The workspace's regular expressions would compile to ${total} steps, more than ${MAX_WORKSPACE_PATTERN_SIZE}: ` +
        "use contains, equals or starts_with where they will do, or simpler patterns.",
    );
}

/** Every rule of the workspace in order. */
export async function listRules({ db, workspace }: WorkspaceContext): Promise<RuleRecord[]> {
  const rows = await db.prisma.categorisationRule.findMany({
    where: { workspaceId: workspace.id },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: ruleSelect,
  });
  return rows.map(toRecord);
}

/** The workspace's rules of `ids`. */
export async function rulesByIds({ db, workspace }: WorkspaceContext, ids: string[]): Promise<RuleRecord[]> {
  const rows = await db.prisma.categorisationRule.findMany({
    where: { workspaceId: workspace.id, id: { in: ids } },
    select: ruleSelect,
  });
  return rows.map(toRecord);
}

export async function getRule(context: WorkspaceContext, id: string) {
  return ruleOf(context, id);
}

/** Numbers the rules 1..n in the given order, in one statement. */
async function writeOrder({ db, workspace }: WorkspaceContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.prisma.$executeRaw`
    UPDATE categorisation_rules r SET position = o.position
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, position)
     WHERE r.id = o.id AND r.workspace_id = ${workspace.id}::uuid AND r.position <> o.position`;
}

async function orderedIds({ db, workspace }: WorkspaceContext): Promise<string[]> {
  const rows = await db.prisma.categorisationRule.findMany({
    where: { workspaceId: workspace.id },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** `id` moved to `position` (1-based, clamped to the list) with the others renumbered. */
async function placeRule(context: WorkspaceContext, id: string, position: number | undefined) {
  const ids = (await orderedIds(context)).filter((other) => other !== id);
  const index = position === undefined ? ids.length : Math.min(Math.max(position, 1), ids.length + 1) - 1;
  ids.splice(index, 0, id);
  await writeOrder(context, ids);
}

export async function createRule(
  context: WorkspaceContext & { userId: string },
  input: RuleFields,
): Promise<RuleRecord> {
  const { db, workspace, userId } = context;
  // The pattern compiled once more here: a rule stored must always be one the matcher can run.
  conditionsTest(input.conditions);
  await lockRuleOrder(context);
  const count = await db.prisma.categorisationRule.count({ where: { workspaceId: workspace.id } });
  if (count >= MAX_RULES)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `A workspace holds at most ${MAX_RULES} categorisation rules; delete or merge some first.`,
    );
  await targetCategory(context, input.category_id);
  await accountFilter(context, input.conditions.account_id, "conditions.account_id");
  await checkPatternBudget(context, input.conditions, null);
  const created = await db.prisma.categorisationRule.create({
    data: {
      workspaceId: workspace.id,
      position: count + 1,
      name: input.name ?? describeConditions(input.conditions),
      conditions: input.conditions as object,
      categoryId: input.category_id,
      setCounterparty: input.set_counterparty ?? null,
      enabled: input.enabled ?? true,
      createdByUserId: userId ?? null,
    },
    select: { id: true },
  });
  if (input.position !== undefined) await placeRule(context, created.id, input.position);
  return ruleOf(context, created.id);
}

export async function updateRule(context: WorkspaceContext, id: string, changes: RuleChanges): Promise<RuleRecord> {
  const { db } = context;
  await lockRuleOrder(context);
  const current = await ruleOf(context, id);
  if (changes.conditions) {
    conditionsTest(changes.conditions);
    await accountFilter(context, changes.conditions.account_id, "conditions.account_id");
    await checkPatternBudget(context, changes.conditions, id);
  }
  if (changes.category_id !== undefined && changes.category_id !== current.categoryId)
    await targetCategory(context, changes.category_id);
  const conditions = changes.conditions ?? current.conditions;
  await db.prisma.categorisationRule.update({
    where: { id },
    data: {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.conditions ? { conditions: changes.conditions as object } : {}),
      ...(changes.category_id !== undefined ? { categoryId: changes.category_id } : {}),
      ...(changes.set_counterparty !== undefined ? { setCounterparty: changes.set_counterparty } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      // A rule named after its conditions keeps describing them when they change.
      ...(changes.name === undefined && changes.conditions && current.name === describeConditions(current.conditions)
        ? { name: describeConditions(conditions) }
        : {}),
    },
  });
  if (changes.position !== undefined) await placeRule(context, id, changes.position);
  return ruleOf(context, id);
}

export async function deleteRule(context: WorkspaceContext, id: string): Promise<void> {
  await lockRuleOrder(context);
  await ruleOf(context, id);
  await context.db.prisma.categorisationRule.delete({ where: { id } });
  await writeOrder(context, await orderedIds(context));
}
