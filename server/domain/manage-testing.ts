import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Db } from "../db";
import { AppError, type ErrorCode } from "../errors";
import type { WorkspaceContext } from "./workspace-context";

/** A user with a workspace of their own (home currency EUR), as the dashboard's writes see them. */
export async function createWorkspaceContext(
  db: Db,
  currencies: Map<string, string>,
  timezone = "UTC",
): Promise<WorkspaceContext & { userId: string }> {
  const user = await db.prisma.user.create({
    data: { email: `${randomUUID()}@example.com`, name: "Tester", passwordHash: "x" },
  });
  const homeCurrencyId = currencies.get("EUR")!;
  const workspace = await db.prisma.workspace.create({ data: { name: "Mine", timezone, homeCurrencyId } });
  await db.prisma.membership.create({ data: { userId: user.id, workspaceId: workspace.id, role: "owner" } });
  return { db, workspace: { id: workspace.id, timezone, homeCurrencyId, plan: "free" }, userId: user.id };
}

/** Asserts that `work` fails with this AppError code (and a message matching `message`, when given). */
export async function expectAppError(work: Promise<unknown>, code: ErrorCode, message?: RegExp): Promise<AppError> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(code);
  if (message) expect(appError.message).toMatch(message);
  return appError;
}
