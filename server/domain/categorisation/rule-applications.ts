/**
 * Rules applied to the transactions a workspace already has: a dry run first (what would change),
 * then for real as one application that can be undone as one change. An application runs in
 * batches in the background (jobs/rule-application-worker.ts): each batch changes its
 * transactions, records what each had before, and moves the application's cursor in one database
 * transaction, so a process that dies mid-way leaves a consistent application that another
 * instance resumes where it stopped. The undo walks the recorded changes the same way and puts back
 * only what still holds the application's value: a category changed again since is kept, and counted.
 */
import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";
import { accountFilter, chosenRules, type ApplyRulesRequest } from "./rule-matching";

/** How long an application can be undone; then the hourly maintenance drops what it recorded. */
const UNDO_WINDOW_DAYS = 30;

const runningConflict = () =>
  new AppError(
    "RULE_APPLICATION_CONFLICT",
    "Rules are being applied (or an application undone) in this workspace already; wait until it has finished (GET /api/v1/programmatic/categorisation-rule-applications/{id}).",
  );

export interface ApplicationRecord {
  id: string;
  status: string;
  request: unknown;
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
  { db, workspace, userId }: WorkspaceContext & { userId: string },
  request: ApplyRulesRequest,
): Promise<ApplicationRecord> {
  await accountFilter({ db, workspace }, request.account_id);
  const rules = await chosenRules({ db, workspace }, request.rule_ids);
  const running = await db.prisma.ruleApplication.findFirst({
    where: { workspaceId: workspace.id, status: { in: ["queued", "running", "undoing"] } },
    select: { id: true },
  });
  if (running) throw runningConflict();
  try {
    return await db.prisma.ruleApplication.create({
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

async function applicationOf({ db, workspace }: WorkspaceContext, id: string): Promise<ApplicationRecord> {
  const found = await db.prisma.ruleApplication.findFirst({
    where: { id, workspaceId: workspace.id },
    select: applicationSelect,
  });
  if (!found) throw new AppError("RESOURCE_NOT_FOUND", "No rule application with this id exists in your workspace.");
  return found;
}

export async function getApplication(context: WorkspaceContext, id: string) {
  return applicationOf(context, id);
}

export async function listApplications(
  { db, workspace }: WorkspaceContext,
  page: { page: number; limit: number },
): Promise<{ items: ApplicationRecord[]; total: number }> {
  const [items, total] = await Promise.all([
    db.prisma.ruleApplication.findMany({
      where: { workspaceId: workspace.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page.page - 1) * page.limit,
      take: page.limit,
      select: applicationSelect,
    }),
    db.prisma.ruleApplication.count({ where: { workspaceId: workspace.id } }),
  ]);
  return { items, total };
}

/** Starts the undo of a completed (or failed, part-done) application: status undoing; the worker puts the rows back. */
export async function undoApplication(context: WorkspaceContext, id: string): Promise<ApplicationRecord> {
  const { db } = context;
  const application = await applicationOf(context, id);
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
    const { count } = await db.prisma.ruleApplication.updateMany({
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
  return applicationOf(context, id);
}

/** Drops what applications finished before the undo window recorded (maintenance); returns the rows dropped. */
export async function pruneApplicationChanges(db: Db, now = new Date()): Promise<number> {
  return db.prisma.$executeRaw`
    DELETE FROM rule_application_changes c USING rule_applications a
     WHERE c.application_id = a.id AND a.status IN ('completed', 'failed', 'undone')
       AND a.finished_at < ${new Date(now.getTime() - UNDO_WINDOW_DAYS * 86_400_000)}`;
}
