import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureCurrencies } from "../../../prisma/seed";
import type { Database, PrismaOrTransaction } from "../../db";
import { createTestDatabase } from "../../db/testing";
import { drainRuleApplications } from "../../jobs/rule-application-worker";
import { ruleConditions } from "../../routers/programmatic/categorisation-rules/schemas";
import { createImport } from "../imports/create-import";
import { parseStatementFile } from "../imports/parse-file";
import { editPreviewRows } from "../imports/preview-edits";
import { readStoredPreview } from "../imports/stored-preview";
import { expectAppError } from "../manage-testing";
import { SideEffects } from "../side-effects/side-effects";
import { dayToDate } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import { workspaceCategoriser } from "./categoriser";
import { getApplication, pruneApplicationChanges, startApplication, undoApplication } from "./rule-applications";
import { countMatches, dryRunRules } from "./rule-previews";
import { conditionsTest, foldSubject, type RuleConditions } from "./rule-conditions";
import { createRule, deleteRule, listRules, MAX_RULES, updateRule, type RuleFields } from "./rules";

let db: Database;
let destroy: () => Promise<void>;
let mine: WorkspaceContext<PrismaOrTransaction> & { userId: string };
let theirs: WorkspaceContext<PrismaOrTransaction> & { userId: string };
let accountId: string;
let groceries: string;
let rent: string;
let theirCategory: string;

const when = (partial: Partial<RuleConditions>): RuleConditions => ruleConditions.parse(partial);
const matches = (
  conditions: Partial<RuleConditions>,
  row: { description: string; counterparty?: string; amount: string },
) => conditionsTest(when(conditions))(foldSubject({ accountId: null, ...row, counterparty: row.counterparty ?? null }));

async function workspaceOf(currencies: Map<string, string>) {
  const user = await db.prisma.user.create({ data: { email: `${randomUUID()}@example.com`, passwordHash: "x" } });
  const row = await db.prisma.workspace.create({
    data: { name: "Rules", homeCurrencyId: currencies.get("EUR")!, timezone: "UTC" },
  });
  await db.prisma.membership.create({ data: { userId: user.id, workspaceId: row.id, role: "owner" } });
  const workspace = { id: row.id, timezone: "UTC", homeCurrencyId: row.homeCurrencyId, plan: "free" as const };
  return { db: db.prisma, workspace, userId: user.id };
}

const inTx = <T>(
  work: (context: WorkspaceContext<PrismaOrTransaction> & { userId: string }) => Promise<T>,
  who = mine,
) => db.prisma.$transaction((tx) => work({ ...who, db: tx }));

const rule = (
  fields: Partial<Omit<RuleFields, "conditions">> & { conditions: Partial<RuleConditions>; category_id: string },
  who = mine,
) => inTx((context) => createRule(context, { ...fields, conditions: when(fields.conditions) }), who);

async function book(
  rows: Array<{ description: string; amount: string; counterparty?: string; category?: string; date?: string }>,
) {
  const workspace = await db.prisma.workspace.findUniqueOrThrow({ where: { id: mine.workspace.id } });
  await db.prisma.transaction.createMany({
    data: rows.map((row, index) => ({
      workspaceId: mine.workspace.id,
      accountId,
      currencyId: workspace.homeCurrencyId,
      type: row.amount.startsWith("-") ? ("expense" as const) : ("income" as const),
      date: dayToDate(row.date ?? `2026-0${1 + (index % 9)}-1${index % 9}`),
      amount: row.amount,
      description: row.description,
      counterparty: row.counterparty ?? null,
      categoryId: row.category ?? null,
    })),
  });
}

const categoriesOf = async () =>
  (
    await db.prisma.transaction.findMany({
      where: { workspaceId: mine.workspace.id },
      orderBy: [{ description: "asc" }, { id: "asc" }],
      select: { description: true, categoryId: true, counterparty: true },
    })
  ).map((row) => [row.description, row.categoryId, row.counterparty]);

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
  const currencies = await ensureCurrencies(db);
  mine = await workspaceOf(currencies);
  theirs = await workspaceOf(currencies);
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: mine.workspace.id, name: "Bank" } });
  accountId = (
    await db.prisma.account.create({
      data: {
        workspaceId: mine.workspace.id,
        walletId: wallet.id,
        currencyId: mine.workspace.homeCurrencyId,
        openingBalance: "0",
        openingBalanceDate: dayToDate("2025-12-01"),
      },
    })
  ).id;
  const category = (workspaceId: string, name: string) =>
    db.prisma.category.create({ data: { workspaceId, name } }).then((row) => row.id);
  groceries = await category(mine.workspace.id, "Groceries");
  rent = await category(mine.workspace.id, "Miete");
  theirCategory = await category(theirs.workspace.id, "Theirs");
});
afterAll(async () => destroy?.());

beforeEach(async () => {
  await db.prisma.ruleApplication.deleteMany({});
  await db.prisma.categorisationRule.deleteMany({});
  await db.prisma.transaction.deleteMany({});
});

describe("a rule's conditions", () => {
  it("compare text with letter case, diacritics and repeated spaces ignored", () => {
    expect(
      matches(
        { description: { operator: "contains", value: "Café  Rewe" } },
        { description: "CAFE REWE Köln", amount: "-3" },
      ),
    ).toBe(true);
    expect(
      matches({ description: { operator: "equals", value: "rewe" } }, { description: " REWE ", amount: "-3" }),
    ).toBe(true);
    expect(
      matches({ description: { operator: "equals", value: "rewe" } }, { description: "REWE 4711", amount: "-3" }),
    ).toBe(false);
    expect(
      matches({ description: { operator: "starts_with", value: "rewe" } }, { description: "Lidl REWE", amount: "-3" }),
    ).toBe(false);
    expect(
      matches(
        { counterparty: { operator: "contains", value: "müller" } },
        { description: "x", counterparty: "Drogerie MUELLER", amount: "-3" },
      ),
    ).toBe(false);
    expect(
      matches(
        { counterparty: { operator: "contains", value: "müller" } },
        { description: "x", counterparty: "Drogerie Müller", amount: "-3" },
      ),
    ).toBe(true);
    expect(matches({ counterparty: { operator: "contains", value: "x" } }, { description: "x", amount: "-3" })).toBe(
      false,
    );
  });

  it("bound the amount's size whatever its sign, and the direction by sign or type", () => {
    const small = { amount: { min: "10", max: "50", sign: null } };
    expect(matches(small, { description: "x", amount: "-10.00" })).toBe(true);
    expect(matches(small, { description: "x", amount: "50.01" })).toBe(false);
    expect(matches({ ...small, type: "income" }, { description: "x", amount: "-20" })).toBe(false);
    expect(matches({ amount: { min: null, max: null, sign: "negative" } }, { description: "x", amount: "-0.01" })).toBe(
      true,
    );
  });

  it("run regular expressions in linear time: a pattern that backtracks catastrophically elsewhere answers at once", () => {
    const started = performance.now();
    const evil = { description: { operator: "regex" as const, value: "^(a+)+$" } };
    expect(matches(evil, { description: `${"a".repeat(50_000)}!`, amount: "-1" })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(
      matches(
        { description: { operator: "regex", value: "^rewe\\s+\\d+" } },
        { description: "Rewé 4711 Köln", amount: "-1" },
      ),
    ).toBe(true);
  });

  it("refuse what cannot run or means nothing, naming the field", () => {
    const problems = (input: unknown) =>
      ruleConditions.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(problems({})).toEqual([": must set at least one of description, counterparty, amount, account_id, type"]);
    expect(problems({ description: { operator: "regex", value: "(?=a)b" } })?.[0]).toMatch(
      /^description\.value: .*RE2/,
    );
    expect(problems({ description: { operator: "regex", value: "x".repeat(201) } })?.[0]).toMatch(
      /^description\.value/,
    );
    expect(problems({ amount: { min: "50", max: "10" } })).toEqual(["amount.max: must not be less than min (50)"]);
    expect(problems({ amount: { sign: "negative" }, type: "income" })).toEqual([
      "type: contradicts amount.sign (negative)",
    ]);
  });
});

describe("a workspace's rules", () => {
  it("keep an order the person sets: new rules go last, a position moves one, a delete closes the gap", async () => {
    const a = await rule({
      name: "A",
      conditions: { description: { operator: "contains", value: "a" } },
      category_id: groceries,
    });
    const b = await rule({
      name: "B",
      conditions: { description: { operator: "contains", value: "b" } },
      category_id: groceries,
    });
    const c = await rule({
      name: "C",
      conditions: { description: { operator: "contains", value: "c" } },
      category_id: rent,
      position: 1,
    });
    const order = async () => (await listRules(mine)).map((r) => `${r.position}${r.name}`);
    expect(await order()).toEqual(["1C", "2A", "3B"]);
    await inTx((context) => updateRule(context, b.id, { position: 1 }));
    expect(await order()).toEqual(["1B", "2C", "3A"]);
    await inTx((context) => deleteRule(context, c.id));
    expect(await order()).toEqual(["1B", "2A"]);
    expect(a.name).toBe("A");
  });

  it("refuse another workspace's category or rule (404), an archived category and the rule past the cap (422)", async () => {
    const conditions = { description: { operator: "contains" as const, value: "x" } };
    await expectAppError(rule({ conditions, category_id: theirCategory }), "RESOURCE_NOT_FOUND", /category_id/);
    const theirs_ = await rule({ conditions, category_id: theirCategory }, theirs);
    await expectAppError(
      inTx((context) => updateRule(context, theirs_.id, { enabled: false })),
      "RESOURCE_NOT_FOUND",
    );
    await expectAppError(
      inTx((context) => deleteRule(context, theirs_.id)),
      "RESOURCE_NOT_FOUND",
    );
    await db.prisma.categorisationRule.createMany({
      data: Array.from({ length: MAX_RULES }, (_, index) => ({
        workspaceId: mine.workspace.id,
        position: index + 1,
        name: `r${index}`,
        conditions: when(conditions) as object,
        categoryId: groceries,
      })),
    });
    await expectAppError(rule({ conditions, category_id: groceries }), "DOMAIN_CONSTRAINT_VIOLATION", /at most 1000/);
  });
});

describe("where a category comes from", () => {
  it("a rule first, then what the person did before, then a category name in the text; each says why", async () => {
    await book([
      ...Array.from({ length: 6 }, () => ({
        description: "EDEKA SAGT DANKE 1234",
        amount: "-20.00",
        category: groceries,
      })),
      { description: "Dauerauftrag Miete Mai", amount: "-900.00", category: rent },
    ]);
    await rule({
      name: "REWE",
      conditions: { description: { operator: "contains", value: "rewe" } },
      category_id: groceries,
      set_counterparty: "REWE",
    });
    const categoriser = await workspaceCategoriser(db.prisma, mine.workspace.id);
    const ask = (description: string) =>
      categoriser.categorise({ description, counterparty: null, amount: "-15.00", accountId });
    expect(ask("REWE SAGT DANKE 4711 KOELN")).toMatchObject({
      categoryId: groceries,
      source: "rule",
      confidence: 1,
      reason: "rule “REWE”",
      counterparty: "REWE",
    });
    const learned = ask("EDEKA SAGT DANKE 9876");
    expect(learned).toMatchObject({ categoryId: groceries, source: "learned" });
    expect(learned!.confidence).toBeGreaterThan(0.8);
    expect(learned!.reason).toMatch(/6 earlier transactions/);
    expect(ask("Nebenkosten zur Miete")).toMatchObject({ categoryId: rent });
  });

  it("follows the person's changes without a restart: a categorisation changes the next suggestion", async () => {
    await book([{ description: "Bäckerei Kamps 1", amount: "-3.00" }]);
    const ask = async () =>
      (await workspaceCategoriser(db.prisma, mine.workspace.id)).categorise({
        description: "Bäckerei Kamps 2",
        counterparty: null,
        amount: "-3.00",
        accountId,
      });
    expect(await ask()).toBeNull();
    await db.prisma.transaction.updateMany({
      where: { workspaceId: mine.workspace.id },
      data: { categoryId: groceries },
    });
    expect(await ask()).toMatchObject({ categoryId: groceries, source: "learned" });
  });

  it("an import's preview carries the source, and the person's own choice is what confirm books", async () => {
    await rule({
      name: "REWE",
      conditions: { counterparty: { operator: "starts_with", value: "rewe" } },
      category_id: groceries,
    });
    const content = [
      "Date;Payee;Description;Amount",
      "2026-03-01;REWE Markt;Einkauf;-12,30",
      "2026-03-02;Stadtwerke;Miete März;-900,00",
      "2026-03-03;Kiosk;Zeitung;-2,00",
      "",
    ].join("\n");
    const bytes = Buffer.from(content);
    const parsed = await parseStatementFile(bytes, "march.csv", { defaultCurrencyCode: "EUR" });
    const file = {
      name: "march.csv",
      bytes,
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    };
    const job = await createImport(
      { db: db.prisma, workspace: mine.workspace, userId: mine.userId, sideEffects: new SideEffects() },
      { accountId, file, parsed },
    );
    const sources = (rows: Awaited<ReturnType<typeof readStoredPreview>>) =>
      rows.map((row) => [row.row, row.category_id, row.category_source, row.category_reason]);
    expect(sources(await readStoredPreview(db.prisma, job.id))).toEqual([
      [1, groceries, "rule", "rule “REWE”"],
      [2, rent, "name", "the category name “Miete” is in the text"],
      [3, null, null, null],
    ]);
    await inTx((context) =>
      editPreviewRows(context, job.id, [
        { row: 3, category_id: groceries },
        { row: 2, category_id: null },
      ]),
    );
    expect(sources(await readStoredPreview(db.prisma, job.id))).toEqual([
      [1, groceries, "rule", "rule “REWE”"],
      [2, null, null, null],
      [3, groceries, null, null],
    ]);
    await expectAppError(
      inTx((context) => editPreviewRows(context, job.id, [{ row: 9, category_id: null }])),
      "VALIDATION_FAILED",
      /row/,
    );
    await expectAppError(
      inTx((context) => editPreviewRows(context, job.id, [{ row: 1, category_id: theirCategory }])),
      "RESOURCE_NOT_FOUND",
    );
  });
});

describe("rules applied to past transactions", () => {
  const rewe = () =>
    rule({
      name: "REWE",
      conditions: { description: { operator: "contains", value: "rewe" } },
      category_id: groceries,
      set_counterparty: "REWE",
    });

  it("a dry run says what would change and changes nothing; the application changes it; one undo restores exactly", async () => {
    await book([
      { description: "REWE 1", amount: "-5.00", counterparty: "REWE SAGT DANKE" },
      { description: "REWE 2", amount: "-6.00", category: rent },
      { description: "Other", amount: "-7.00" },
    ]);
    await rewe();
    const before = await categoriesOf();
    const preview = await dryRunRules(mine, { only_uncategorised: true });
    expect(preview).toMatchObject({ examined_count: 2, change_count: 1 });
    expect(preview.changes[0]).toMatchObject({
      description: "REWE 1",
      from_category_id: null,
      to_category_id: groceries,
      from_counterparty: "REWE SAGT DANKE",
      to_counterparty: "REWE",
    });
    expect(await categoriesOf()).toEqual(before);

    const all = await dryRunRules(mine, { only_uncategorised: false });
    expect(all.change_count).toBe(2);
    const application = await inTx((context) => startApplication(context, { only_uncategorised: false }));
    expect(application.status).toBe("queued");
    await expectAppError(
      inTx((context) => startApplication(context, { only_uncategorised: true })),
      "RULE_APPLICATION_CONFLICT",
    );
    await drainRuleApplications(db);
    expect(await getApplication(mine, application.id)).toMatchObject({
      status: "completed",
      examinedCount: 3,
      changedCount: 2,
    });
    expect(await categoriesOf()).toEqual([
      ["Other", null, null],
      ["REWE 1", groceries, "REWE"],
      ["REWE 2", groceries, "REWE"],
    ]);

    await inTx((context) => undoApplication(context, application.id));
    await drainRuleApplications(db);
    expect(await getApplication(mine, application.id)).toMatchObject({
      status: "undone",
      restoredCount: 2,
      keptCount: 0,
    });
    expect(await categoriesOf()).toEqual(before);
    await expectAppError(
      inTx((context) => undoApplication(context, application.id)),
      "RULE_APPLICATION_CONFLICT",
      /undone already/,
    );
  });

  it("an undo keeps what the person changed since, and counts it", async () => {
    await book([
      { description: "REWE 1", amount: "-5.00" },
      { description: "REWE 2", amount: "-5.00" },
    ]);
    await rewe();
    const application = await inTx((context) => startApplication(context, { only_uncategorised: true }));
    await drainRuleApplications(db);
    await db.prisma.transaction.updateMany({ where: { description: "REWE 2" }, data: { categoryId: rent } });
    await inTx((context) => undoApplication(context, application.id));
    await drainRuleApplications(db);
    expect(await getApplication(mine, application.id)).toMatchObject({ restoredCount: 1, keptCount: 1 });
    expect((await categoriesOf()).map(([description, category]) => [description, category])).toEqual([
      ["REWE 1", null],
      ["REWE 2", rent],
    ]);
  });

  it("can be undone for 30 days; then what the application recorded is dropped", async () => {
    await book([{ description: "REWE 1", amount: "-5.00" }]);
    await rewe();
    const application = await inTx((context) => startApplication(context, { only_uncategorised: true }));
    await drainRuleApplications(db);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await pruneApplicationChanges(db.prisma, new Date())).toBe(0);
    expect(await pruneApplicationChanges(db.prisma, later)).toBe(1);
    await db.prisma.ruleApplication.update({
      where: { id: application.id },
      data: { finishedAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    await expectAppError(
      inTx((context) => undoApplication(context, application.id)),
      "RULE_APPLICATION_CONFLICT",
      /30 days/,
    );
  });

  it("works through more transactions than one batch, and only those the filters choose", async () => {
    await book(
      Array.from({ length: 4_500 }, (_, index) => ({
        description: `REWE ${index}`,
        amount: "-1.00",
        date: index % 2 ? "2026-02-01" : "2026-03-01",
      })),
    );
    await rewe();
    const application = await inTx((context) =>
      startApplication(context, { only_uncategorised: true, from: "2026-03-01" }),
    );
    await drainRuleApplications(db);
    expect(await getApplication(mine, application.id)).toMatchObject({
      status: "completed",
      examinedCount: 2_250,
      changedCount: 2_250,
    });
    expect(await db.prisma.transaction.count({ where: { categoryId: groceries } })).toBe(2_250);
  });

  it("count what unsaved conditions would match, the newest first, and change nothing", async () => {
    await book([
      { description: "REWE 1", amount: "-5.00", date: "2026-01-05" },
      { description: "REWE 2", amount: "-6.00", category: rent, date: "2026-02-05" },
      { description: "Other", amount: "-7.00", date: "2026-03-05" },
    ]);
    const found = await countMatches(mine, when({ description: { operator: "starts_with", value: "rewe" } }));
    expect(found).toMatchObject({ match_count: 2, uncategorised_count: 1, examined_count: 3, complete: true });
    expect(found.examples.map((row) => row.description)).toEqual(["REWE 2", "REWE 1"]);
    expect((await categoriesOf()).filter(([, category]) => category !== null)).toHaveLength(1);
  });

  it("refuses a rule or an account of another workspace", async () => {
    const theirRule = await rule(
      { conditions: { description: { operator: "contains", value: "x" } }, category_id: theirCategory },
      theirs,
    );
    await expectAppError(
      dryRunRules(mine, { rule_ids: [theirRule.id], only_uncategorised: true }),
      "RESOURCE_NOT_FOUND",
      /rule_ids/,
    );
    await expectAppError(
      dryRunRules(mine, { account_id: randomUUID(), only_uncategorised: true }),
      "RESOURCE_NOT_FOUND",
      /account_id/,
    );
  });
});
