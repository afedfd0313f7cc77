/**
 * The one way a test gets a database and a workspace. `useTestDatabase()` opens a database for the
 * calling test file (a copy of the run's migrated template, with the currency catalogue) and closes
 * it after the file; `createTestWorkspace` adds a user who owns a new workspace, and
 * `createTestSession` signs that user in. The specialised test workspaces
 * (server/domain/<area>/testing.ts) add their data to these.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { ensureCurrencies } from "../../prisma/seed/currencies";
import type { Database } from "../db";
import { createTestDatabase, type OpenedTestDatabase, type TestDatabaseOptions } from "../db/testing";
import type { WorkspaceRef } from "../domain/identity/authenticate";
import { createSession } from "../domain/identity/sessions";
import { dayToDate } from "../domain/time/calendar";
import type { WorkspaceContext } from "../domain/workspace-context";

/** A test file's database: a `Database` (open inside hooks and tests), and the currency ids by code. */
export interface TestDatabase extends Database {
  readonly currencies: ReadonlyMap<string, string>;
}

interface UseTestDatabaseOptions extends TestDatabaseOptions {
  /** "file" (default): one database for the whole file; "test": a fresh one for each test. */
  scope?: "file" | "test";
}

/**
 * Registers the hooks that open a database before the calling file's (or describe block's) tests
 * and close it after them; the answer is usable inside hooks and tests, not at module level.
 */
export function useTestDatabase(options: UseTestDatabaseOptions = {}): TestDatabase {
  const { scope = "file", ...databaseOptions } = options;
  let opened: (OpenedTestDatabase & { currencies?: Map<string, string> }) | undefined;
  const open = () => {
    if (!opened) throw new Error("the test database is open only inside hooks and tests (useTestDatabase)");
    return opened;
  };
  (scope === "file" ? beforeAll : beforeEach)(async () => {
    const created = await createTestDatabase(databaseOptions);
    opened = created;
    if (databaseOptions.migrate !== false) opened.currencies = await ensureCurrencies(created.db);
  });
  (scope === "file" ? afterAll : afterEach)(async () => {
    await opened?.destroy();
    opened = undefined;
  });
  // The database opens in a hook, after this returns: the handle forwards to whichever is open.
  return {
    get kind() {
      return open().db.kind;
    },
    get prisma() {
      return open().db.prisma;
    },
    get sql() {
      return open().db.sql;
    },
    transaction: (work, transactionOptions) => open().db.transaction(work, transactionOptions),
    close: () => open().destroy(),
    get currencies() {
      const { currencies } = open();
      if (!currencies) throw new Error("an unmigrated test database has no currencies");
      return currencies;
    },
  };
}

/** A workspace with the user who owns it, as the domain functions take it. */
export type TestWorkspace = WorkspaceContext & { userId: string };

interface TestWorkspaceOptions {
  name?: string;
  /** Default UTC. */
  timezone?: string;
  /** The home currency's code; default EUR. */
  home?: string;
  plan?: WorkspaceRef["plan"];
  userName?: string;
}

/** Creates a user, a workspace and the user's owner membership. */
export async function createTestWorkspace(
  db: TestDatabase,
  options: TestWorkspaceOptions = {},
): Promise<TestWorkspace> {
  const { name = "Test", timezone = "UTC", home = "EUR", plan = "free", userName = "Test User" } = options;
  const homeCurrencyId = db.currencies.get(home);
  if (!homeCurrencyId) throw new Error(`no currency ${home}`);
  const user = await db.prisma.user.create({
    data: { email: `${randomUUID()}@example.com`, name: userName, passwordHash: "x" },
  });
  const row = await db.prisma.workspace.create({ data: { name, timezone, homeCurrencyId, plan } });
  await db.prisma.membership.create({ data: { userId: user.id, workspaceId: row.id, role: "owner" } });
  return { db, workspace: { id: row.id, timezone, homeCurrencyId, plan }, userId: user.id };
}

/** Signs the workspace's owner in: the token of a new session, as the dashboard (tRPC) and the auth routes take it. */
export async function createTestSession({ db, workspace, userId }: TestWorkspace): Promise<string> {
  return (await createSession(db, { userId, workspaceId: workspace.id })).token;
}

/** Stores 1 `from` = `rate` `to` on `day` (rates are shared by every workspace). */
export async function addRate(db: TestDatabase, from: string, to: string, day: string, rate: string): Promise<void> {
  await db.prisma.fxRate.create({
    data: {
      fromCurrencyId: db.currencies.get(from)!,
      toCurrencyId: db.currencies.get(to)!,
      rateDate: dayToDate(day),
      rate,
    },
  });
}
