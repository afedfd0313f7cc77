/**
 * The categorisation tests' database: two workspaces (mine with an account and the categories
 * Groceries and Miete; theirs with one category), emptied of rules, applications and transactions
 * before each test. `useRulesWorkspace()` registers the hooks and answers the live fixture.
 */
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { ensureCurrencies } from "../../../prisma/seed";
import type { Database, Db } from "../../db";
import { createTestDatabase } from "../../db/testing";
import { ruleConditions } from "../../routers/categorisation-rules/schemas";
import { createImport } from "../imports/create-import";
import { parseStatementFile } from "../imports/parse-file";
import { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import type { RuleConditions } from "./rule-conditions";
import { createRule, type RuleFields } from "./rules";

type Context = WorkspaceContext & { userId: string };

/** Conditions as the API reads them (the ones not given are null). */
export const when = (partial: Partial<RuleConditions>): RuleConditions => ruleConditions.parse(partial);

export interface RulesWorkspace {
  db: Database;
  mine: Context;
  theirs: Context;
  accountId: string;
  groceries: string;
  rent: string;
  theirCategory: string;
  inTx<T>(work: (context: Context) => Promise<T>, who?: Context): Promise<T>;
  rule(
    fields: Partial<Omit<RuleFields, "conditions">> & { conditions: Partial<RuleConditions>; category_id: string },
    who?: Context,
  ): ReturnType<typeof createRule>;
  book(
    rows: Array<{ description: string; amount: string; counterparty?: string; category?: string; date?: string }>,
  ): Promise<void>;
  /** A statement file uploaded to mine's account: the import job, parsed. */
  upload(name: string, content: string): ReturnType<typeof createImport>;
  /** [description, category, counterparty] of mine's transactions, by description. */
  categoriesOf(): Promise<Array<[string, string | null, string | null]>>;
}

export function useRulesWorkspace(): RulesWorkspace {
  const fixture = {} as RulesWorkspace;
  let destroy: (() => Promise<void>) | undefined;

  async function workspaceOf(db: Db, currencies: Map<string, string>): Promise<Context> {
    const user = await db.prisma.user.create({ data: { email: `${randomUUID()}@example.com`, passwordHash: "x" } });
    const row = await db.prisma.workspace.create({
      data: { name: "Rules", homeCurrencyId: currencies.get("EUR")!, timezone: "UTC" },
    });
    await db.prisma.membership.create({ data: { userId: user.id, workspaceId: row.id, role: "owner" } });
    const workspace = { id: row.id, timezone: "UTC", homeCurrencyId: row.homeCurrencyId, plan: "free" as const };
    return { db: db, workspace, userId: user.id };
  }

  beforeAll(async () => {
    const created = await createTestDatabase();
    const db = created.db;
    destroy = created.destroy;
    const currencies = await ensureCurrencies(db);
    const mine = await workspaceOf(db, currencies);
    const theirs = await workspaceOf(db, currencies);
    const wallet = await db.prisma.wallet.create({ data: { workspaceId: mine.workspace.id, name: "Bank" } });
    const account = await db.prisma.account.create({
      data: {
        workspaceId: mine.workspace.id,
        walletId: wallet.id,
        currencyId: mine.workspace.homeCurrencyId,
        openingBalance: "0",
        openingBalanceDate: dayToDate("2025-12-01"),
      },
    });
    const category = (workspaceId: string, name: string) =>
      db.prisma.category.create({ data: { workspaceId, name } }).then((row) => row.id);
    const inTx: RulesWorkspace["inTx"] = (work, who = mine) => db.transaction((tx) => work({ ...who, db: tx }));
    Object.assign(fixture, {
      db,
      mine,
      theirs,
      accountId: account.id,
      groceries: await category(mine.workspace.id, "Groceries"),
      rent: await category(mine.workspace.id, "Miete"),
      theirCategory: await category(theirs.workspace.id, "Theirs"),
      inTx,
      rule: (fields, who = mine) =>
        inTx((context) => createRule(context, { ...fields, conditions: when(fields.conditions) }), who),
      async book(rows) {
        await db.prisma.transaction.createMany({
          data: rows.map((row, index) => ({
            workspaceId: mine.workspace.id,
            accountId: account.id,
            currencyId: mine.workspace.homeCurrencyId,
            type: row.amount.startsWith("-") ? ("expense" as const) : ("income" as const),
            date: dayToDate(row.date ?? `2026-0${1 + (index % 9)}-1${index % 9}`),
            amount: row.amount,
            description: row.description,
            counterparty: row.counterparty ?? null,
            categoryId: row.category ?? null,
          })),
        });
      },
      async upload(name, content) {
        const bytes = Buffer.from(content);
        const parsed = await parseStatementFile(bytes, name, { defaultCurrencyCode: "EUR" });
        const sha256 = createHash("sha256").update(bytes).digest("hex");
        return createImport(
          { db: db, workspace: mine.workspace, userId: mine.userId, sideEffects: new SideEffects() },
          { accountId: account.id, file: { name, bytes, size: bytes.length, sha256 }, parsed },
        );
      },
      async categoriesOf() {
        const rows = await db.prisma.transaction.findMany({
          where: { workspaceId: mine.workspace.id },
          orderBy: [{ description: "asc" }, { id: "asc" }],
          select: { description: true, categoryId: true, counterparty: true },
        });
        return rows.map(
          (row) => [row.description, row.categoryId, row.counterparty] as [string, string | null, string | null],
        );
      },
    } satisfies RulesWorkspace);
  });
  afterAll(async () => destroy?.());
  beforeEach(async () => {
    await fixture.db.prisma.ruleApplication.deleteMany({});
    await fixture.db.prisma.categorisationRule.deleteMany({});
    await fixture.db.prisma.transaction.deleteMany({});
  });
  return fixture;
}
