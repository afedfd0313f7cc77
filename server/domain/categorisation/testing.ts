/**
 * The categorisation tests' database: two workspaces (mine with an account and the categories
 * Groceries and Miete; theirs with one category), emptied of rules, applications and transactions
 * before each test. `useRulesWorkspace()` registers the hooks and answers the live fixture.
 */
import { createHash } from "node:crypto";
import { beforeAll, beforeEach } from "vitest";
import { createTestWorkspace, useTestDatabase, type TestDatabase, type TestWorkspace } from "../../testing/fixtures";
import { ruleConditions } from "../../routers/categorisation-rules/schemas";
import { createImport } from "../imports/create-import";
import { parseStatementFile } from "../imports/parse-file";
import { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import type { RuleConditions } from "./rule-conditions";
import { createRule, type RuleFields } from "./rules";

/** Conditions as the API reads them (the ones not given are null). */
export const when = (partial: Partial<RuleConditions>): RuleConditions => ruleConditions.parse(partial);

export interface RulesWorkspace {
  db: TestDatabase;
  mine: TestWorkspace;
  theirs: TestWorkspace;
  accountId: string;
  groceries: string;
  rent: string;
  theirCategory: string;
  inTx<T>(work: (context: TestWorkspace) => Promise<T>, who?: TestWorkspace): Promise<T>;
  rule(
    fields: Partial<Omit<RuleFields, "conditions">> & { conditions: Partial<RuleConditions>; category_id: string },
    who?: TestWorkspace,
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
  const db = useTestDatabase();
  const fixture = {} as RulesWorkspace;

  beforeAll(async () => {
    const mine = await createTestWorkspace(db, { name: "Rules" });
    const theirs = await createTestWorkspace(db, { name: "Rules" });
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
          { db, workspace: mine.workspace, userId: mine.userId, sideEffects: new SideEffects() },
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
  beforeEach(async () => {
    await db.prisma.ruleApplication.deleteMany({});
    await db.prisma.categorisationRule.deleteMany({});
    await db.prisma.transaction.deleteMany({});
  });
  return fixture;
}
