/**
 * Rules applied to the transactions a workspace already has: a dry run first (what would change),
 * then for real as one application that can be undone as one change. An application runs in
 * batches in the background (jobs/rule-application-worker.ts): each batch changes its
 * transactions, records what each had before, and moves the application's cursor in one database
 * transaction, so a process that dies mid-way leaves a consistent application that another
 * instance resumes where it stopped. The undo walks the recorded changes the same way and puts back
 * only what still holds the application's value: a category changed again since is kept, and counted.
 */
import type { Database, PrismaOrTransaction } from "../../db";
import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";
import { compileRules, type RunnableRule } from "./categoriser";
import { conditionsTest, foldSubject, type RuleConditions } from "./rule-conditions";

/** How long an application can be undone; then the hourly maintenance drops what it recorded. */
export const UNDO_WINDOW_DAYS = 30;

/** Transactions read, matched and written per batch (and per database transaction). */
export const APPLICATION_BATCH_SIZE = 2_000;
/** Changes a dry run lists (it counts them all). */
const DRY_RUN_LISTED = 100;

export interface ApplyRulesRequest {
  rule_ids?: string[];
  only_uncategorised: boolean;
  from?: string;
  to?: string;
  account_id?: string;
}

interface CandidateRow {
  id: string;
  date: string;
  description: string;
  counterparty: string | null;
  amount: string;
  accountId: string;
  categoryId: string | null;
}

export interface RuleChange {
  transaction_id: string;
  date: string;
  description: string;
  amount: string;
  rule_id: string;
  from_category_id: string | null;
  to_category_id: string;
  from_counterparty: string | null;
  to_counterparty: string | null;
}

const runningConflict = () =>
  new AppError(
    "RULE_APPLICATION_CONFLICT",
    "Rules are being applied (or an application undone) in this workspace already; wait until it has finished (GET .../categorisation-rules/applications/{id}).",
  );

/** The rules to apply, in the workspace's order: the chosen ones (each must exist: 404), else every enabled one. */
async function chosenRules(
  db: PrismaOrTransaction,
  workspaceId: string,
  ruleIds: string[] | undefined,
): Promise<RunnableRule[]> {
  const rows = await db.categorisationRule.findMany({
    where: { workspaceId, ...(ruleIds ? { id: { in: ruleIds } } : { enabled: true }) },
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

async function accountFilter(db: PrismaOrTransaction, workspaceId: string, accountId: string | undefined) {
  if (!accountId) return;
  const account = await db.account.findFirst({ where: { id: accountId, workspaceId }, select: { id: true } });
  if (!account)
    throw new AppError("RESOURCE_NOT_FOUND", "account_id: no account with this id exists in your workspace.");
}

/** The next batch of candidates after `cursor` ("date|id"), in (date, id) order. */
async function candidates(
  db: PrismaOrTransaction,
  workspaceId: string,
  request: ApplyRulesRequest,
  cursor: string | null,
  limit: number,
): Promise<CandidateRow[]> {
  const [afterDate, afterId] = cursor ? cursor.split("|") : [null, null];
  return db.$queryRawUnsafe<CandidateRow[]>(
    `SELECT id::text AS id, to_char(date, 'YYYY-MM-DD') AS date, description, counterparty, amount::text AS amount,
            account_id::text AS "accountId", category_id::text AS "categoryId"
       FROM transactions
      WHERE workspace_id = $1::uuid AND type <> 'transfer'
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
function changesOf(rules: ReturnType<typeof compileRules>, rows: CandidateRow[]): RuleChange[] {
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
      rule_id: rule.id,
      from_category_id: row.categoryId,
      to_category_id: rule.categoryId,
      from_counterparty: row.counterparty,
      to_counterparty: counterparty,
    });
  }
  return changes;
}

/** What applying the rules would change; changes nothing. */
export async function dryRunRules(
  { db, workspace }: WorkspaceContext<PrismaOrTransaction>,
  request: ApplyRulesRequest,
) {
  await accountFilter(db, workspace.id, request.account_id);
  const rules = compileRules(await chosenRules(db, workspace.id, request.rule_ids));
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
  return { examined_count: examined, change_count: changeCount, changes: listed };
}

/** A live count reads at most this many of the newest transactions: a person typing a rule waits for none of the rest. */
export const MATCH_SCAN_LIMIT = 50_000;

/**
 * The past transactions conditions not yet saved as a rule would match (a rule being written, the
 * "always" offer): how many, how many of them have no category yet, and the newest five; counted
 * among the newest MATCH_SCAN_LIMIT transactions (`complete` false when there are more).
 */
export async function countMatches(
  { db, workspace }: WorkspaceContext<PrismaOrTransaction>,
  conditions: RuleConditions,
): Promise<{
  match_count: number;
  uncategorised_count: number;
  examined_count: number;
  complete: boolean;
  examples: CandidateRow[];
}> {
  const test = conditionsTest(conditions);
  const rows = await db.$queryRawUnsafe<CandidateRow[]>(
    `SELECT id::text AS id, to_char(date, 'YYYY-MM-DD') AS date, description, counterparty, amount::text AS amount,
            account_id::text AS "accountId", category_id::text AS "categoryId"
       FROM transactions
      WHERE workspace_id = $1::uuid AND type <> 'transfer' AND ($2::uuid IS NULL OR account_id = $2::uuid)
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
    examples: matches.slice(0, 5),
  };
}

export interface ApplicationRecord {
  id: string;
  status: string;
  request: unknown;
  rules: unknown;
  examinedCount: number;
  changedCount: number;
  restoredCount: number;
  keptCount: number;
  errorMessage: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  undoneAt: Date | null;
}

const applicationSelect = {
  id: true,
  status: true,
  request: true,
  rules: true,
  examinedCount: true,
  changedCount: true,
  restoredCount: true,
  keptCount: true,
  errorMessage: true,
  createdAt: true,
  finishedAt: true,
  undoneAt: true,
} as const;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "P2002";

/** Starts an application (status queued; the worker runs it). 409 while another one of the workspace runs. */
export async function startApplication(
  { db, workspace, userId }: WorkspaceContext<PrismaOrTransaction>,
  request: ApplyRulesRequest,
): Promise<ApplicationRecord> {
  await accountFilter(db, workspace.id, request.account_id);
  const rules = await chosenRules(db, workspace.id, request.rule_ids);
  const running = await db.ruleApplication.findFirst({
    where: { workspaceId: workspace.id, status: { in: ["queued", "running", "undoing"] } },
    select: { id: true },
  });
  if (running) throw runningConflict();
  try {
    return await db.ruleApplication.create({
      data: {
        workspaceId: workspace.id,
        status: "queued",
        request: { ...request, rule_ids: rules.map((rule) => rule.id) } as object,
        rules: rules as unknown as object,
        createdByUserId: userId ?? null,
      },
      select: applicationSelect,
    });
  } catch (error) {
    throw isUniqueViolation(error) ? runningConflict() : error;
  }
}

async function applicationOf(db: PrismaOrTransaction, workspaceId: string, id: string): Promise<ApplicationRecord> {
  const found = await db.ruleApplication.findFirst({ where: { id, workspaceId }, select: applicationSelect });
  if (!found) throw new AppError("RESOURCE_NOT_FOUND", "No rule application with this id exists in your workspace.");
  return found;
}

export async function getApplication({ db, workspace }: WorkspaceContext<PrismaOrTransaction>, id: string) {
  return applicationOf(db, workspace.id, id);
}

export async function listApplications(
  { db, workspace }: WorkspaceContext<PrismaOrTransaction>,
  page: { page: number; limit: number },
): Promise<{ items: ApplicationRecord[]; total: number }> {
  const [items, total] = await Promise.all([
    db.ruleApplication.findMany({
      where: { workspaceId: workspace.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page.page - 1) * page.limit,
      take: page.limit,
      select: applicationSelect,
    }),
    db.ruleApplication.count({ where: { workspaceId: workspace.id } }),
  ]);
  return { items, total };
}

/** Starts the undo of a completed (or failed, part-done) application: status undoing; the worker puts the rows back. */
export async function undoApplication(
  { db, workspace }: WorkspaceContext<PrismaOrTransaction>,
  id: string,
): Promise<ApplicationRecord> {
  const application = await applicationOf(db, workspace.id, id);
  const windowStart = Date.now() - UNDO_WINDOW_DAYS * 86_400_000;
  if (application.finishedAt && application.finishedAt.getTime() < windowStart)
    throw new AppError(
      "RULE_APPLICATION_CONFLICT",
      `This application finished more than ${UNDO_WINDOW_DAYS} days ago; it can no longer be undone as one change.`,
    );
  if (application.status !== "completed" && application.status !== "failed")
    throw new AppError(
      "RULE_APPLICATION_CONFLICT",
      application.status === "undone" || application.status === "undoing"
        ? "This application is undone already."
        : "This application is still running; undo it when it has finished.",
    );
  try {
    const { count } = await db.ruleApplication.updateMany({
      where: { id, status: { in: ["completed", "failed"] } },
      data: {
        status: "undoing",
        resumeAfter: null,
        restoredCount: 0,
        keptCount: 0,
        lockedAt: null,
        attempts: 0,
        errorMessage: null,
      },
    });
    if (count === 0) throw runningConflict();
  } catch (error) {
    throw isUniqueViolation(error) ? runningConflict() : error;
  }
  return applicationOf(db, workspace.id, id);
}

/** Drops what applications finished before the undo window recorded (maintenance); returns the rows dropped. */
export async function pruneApplicationChanges(db: PrismaOrTransaction, now = new Date()): Promise<number> {
  return db.$executeRaw`
    DELETE FROM rule_application_changes c USING rule_applications a
     WHERE c.application_id = a.id AND a.status IN ('completed', 'failed', 'undone')
       AND a.finished_at < ${new Date(now.getTime() - UNDO_WINDOW_DAYS * 86_400_000)}`;
}

// ---------------------------------------------------------------------------------------------
// The worker's side: claims and batches.

/** A claimed application is worked on; one without a batch for this long is taken over. */
const CLAIM_STALE_MS = 60_000;
const MAX_ATTEMPTS = 3;

interface Claimed {
  id: string;
  workspace_id: string;
  status: "queued" | "running" | "undoing";
  attempts: number;
}

/** Claims the next application to work on (several instances never take the same one while it is alive). */
export async function claimApplication(db: Database): Promise<Claimed | null> {
  const rows = await db.sql.query<Claimed>(
    `WITH candidate AS (
       SELECT id FROM rule_applications
        WHERE status IN ('queued', 'running', 'undoing')
          AND (locked_at IS NULL OR locked_at < now() - make_interval(secs => $1))
        ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
     UPDATE rule_applications a
        SET status = CASE WHEN a.status = 'queued' THEN 'running' ELSE a.status END,
            locked_at = now(), attempts = a.attempts + 1, updated_at = now()
       FROM candidate c WHERE a.id = c.id
     RETURNING a.id, a.workspace_id, a.status, a.attempts`,
    [CLAIM_STALE_MS / 1000],
  );
  return rows[0] ?? null;
}

/** One batch of a running application, in one transaction; false when there was nothing left (now completed). */
async function applyBatch(tx: PrismaOrTransaction, id: string): Promise<boolean> {
  const [application] = await tx.$queryRaw<
    Array<{ workspace_id: string; request: ApplyRulesRequest; rules: RunnableRule[]; resume_after: string | null }>
  >`SELECT workspace_id::text, request, rules, resume_after FROM rule_applications WHERE id = ${id}::uuid AND status = 'running' FOR UPDATE`;
  if (!application) return false;
  const rows = await candidates(
    tx,
    application.workspace_id,
    application.request,
    application.resume_after,
    APPLICATION_BATCH_SIZE,
  );
  if (rows.length === 0) {
    await tx.$executeRaw`UPDATE rule_applications SET status = 'completed', finished_at = now(), locked_at = NULL, updated_at = now()
                          WHERE id = ${id}::uuid`;
    return false;
  }
  const changes = changesOf(compileRules(application.rules), rows);
  let changed = 0;
  if (changes.length > 0) {
    // Only rows still as they were read are changed (the batch holds their locks from here on).
    changed = await tx.$executeRaw`
      WITH wanted AS (
        SELECT * FROM unnest(${changes.map((c) => c.transaction_id)}::uuid[], ${changes.map((c) => c.rule_id)}::uuid[],
                             ${changes.map((c) => c.from_category_id)}::uuid[], ${changes.map((c) => c.to_category_id)}::uuid[],
                             ${changes.map((c) => c.from_counterparty)}::text[], ${changes.map((c) => c.to_counterparty)}::text[])
               AS w(id, rule_id, from_category, to_category, from_counterparty, to_counterparty)),
      changed AS (
        UPDATE transactions t SET category_id = w.to_category, counterparty = w.to_counterparty, updated_at = now()
          FROM wanted w
         WHERE t.id = w.id AND t.category_id IS NOT DISTINCT FROM w.from_category
           AND t.counterparty IS NOT DISTINCT FROM w.from_counterparty
        RETURNING t.id, w.rule_id, w.from_category, w.to_category, w.from_counterparty, w.to_counterparty)
      INSERT INTO rule_application_changes (application_id, transaction_id, rule_id, previous_category_id, category_id,
                                            previous_counterparty, counterparty, counterparty_changed)
      SELECT ${id}::uuid, id, rule_id, from_category, to_category, from_counterparty, to_counterparty,
             from_counterparty IS DISTINCT FROM to_counterparty
        FROM changed`;
  }
  const last = rows[rows.length - 1]!;
  await tx.$executeRaw`
    UPDATE rule_applications
       SET resume_after = ${`${last.date}|${last.id}`}, examined_count = examined_count + ${rows.length},
           changed_count = changed_count + ${changed}, locked_at = now(), updated_at = now()
     WHERE id = ${id}::uuid`;
  return true;
}

/** One batch of an undo, in one transaction; false when every change was visited (now undone). */
async function undoBatch(tx: PrismaOrTransaction, id: string): Promise<boolean> {
  const [application] = await tx.$queryRaw<Array<{ resume_after: string | null }>>`
    SELECT resume_after FROM rule_applications WHERE id = ${id}::uuid AND status = 'undoing' FOR UPDATE`;
  if (!application) return false;
  const batch = await tx.$queryRaw<Array<{ transaction_id: string }>>`
    SELECT transaction_id::text FROM rule_application_changes
     WHERE application_id = ${id}::uuid AND (${application.resume_after}::uuid IS NULL OR transaction_id > ${application.resume_after}::uuid)
     ORDER BY transaction_id LIMIT ${APPLICATION_BATCH_SIZE}`;
  if (batch.length === 0) {
    await tx.$executeRaw`UPDATE rule_applications SET status = 'undone', undone_at = now(), locked_at = NULL, updated_at = now()
                          WHERE id = ${id}::uuid`;
    return false;
  }
  const ids = batch.map((row) => row.transaction_id);
  // A transaction changed again since the application keeps its newer category (counted as kept).
  await tx.$executeRaw`
    UPDATE transactions t
       SET category_id = c.previous_category_id,
           counterparty = CASE WHEN c.counterparty_changed THEN c.previous_counterparty ELSE t.counterparty END,
           updated_at = now()
      FROM rule_application_changes c
     WHERE c.application_id = ${id}::uuid AND c.transaction_id = ANY(${ids}::uuid[]) AND t.id = c.transaction_id
       AND t.category_id IS NOT DISTINCT FROM c.category_id
       AND (NOT c.counterparty_changed OR t.counterparty IS NOT DISTINCT FROM c.counterparty)`;
  // Counted after the update, so rows an earlier attempt of this undo put back count as restored too.
  const [{ restored }] = await tx.$queryRaw<[{ restored: number }]>`
    SELECT count(*)::int AS restored FROM rule_application_changes c JOIN transactions t ON t.id = c.transaction_id
     WHERE c.application_id = ${id}::uuid AND c.transaction_id = ANY(${ids}::uuid[])
       AND t.category_id IS NOT DISTINCT FROM c.previous_category_id
       AND (NOT c.counterparty_changed OR t.counterparty IS NOT DISTINCT FROM c.previous_counterparty)`;
  await tx.$executeRaw`
    UPDATE rule_applications
       SET resume_after = ${ids[ids.length - 1]}, restored_count = restored_count + ${restored},
           kept_count = kept_count + ${ids.length - restored}, locked_at = now(), updated_at = now()
     WHERE id = ${id}::uuid`;
  return true;
}

/** Works the claimed application to its end, batch by batch (until `stopping()`); a failure retries, then fails it. */
export async function runClaimedApplication(
  db: Database,
  claimed: Claimed,
  stopping: () => boolean = () => false,
): Promise<void> {
  const batch = claimed.status === "undoing" ? undoBatch : applyBatch;
  try {
    while (!stopping()) {
      const more = await db.prisma.$transaction((tx) => batch(tx, claimed.id), { timeout: 120_000, maxWait: 10_000 });
      if (!more) return;
    }
    // Stopping: another instance (or this one after its restart) resumes from the cursor.
    await db.prisma.ruleApplication.updateMany({ where: { id: claimed.id }, data: { lockedAt: null } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = claimed.attempts >= MAX_ATTEMPTS;
    await db.prisma.ruleApplication.updateMany({
      where: { id: claimed.id, status: claimed.status === "queued" ? "running" : claimed.status },
      data: final
        ? claimed.status === "undoing"
          ? { status: "completed", lockedAt: null, errorMessage: `The undo stopped: ${message}` }
          : { status: "failed", lockedAt: null, finishedAt: new Date(), errorMessage: message }
        : { lockedAt: null },
    });
    throw error;
  }
}
