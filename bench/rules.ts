/**
 * npm run bench:rules [-- --engine postgres|pglite] [--history N] [--apply N]: what categorisation
 * costs, each figure next to its floor measured in the same run.
 *
 *   rebuild    the workspace's learner trained from --history (100k) categorised transactions:
 *              workspaceLearner after its cache was emptied. Floor: the query of the rows it reads,
 *              alone. Target <= 1 s.
 *   preview    the categories of a 2,000-row statement (workspaceCategoriser + one categorise per
 *              row, 100 rules, the learner warm: what buildPreview adds) in the workspace with the
 *              history, against the same in an empty workspace. Target: <= 100 ms more.
 *   apply      rules applied to --apply (1M) uncategorised transactions in the background batches,
 *              then undone; both must finish with every change restored. Floor: one UPDATE
 *              statement making the same change without recording anything, rolled back.
 *
 * Figures go to bench/results/rules-<time>-<engine>.json.
 */
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Database, Db } from "../server/db/client";
import { clearLearners, workspaceCategoriser, workspaceLearner } from "../server/domain/categorisation/categoriser";
import { startApplication, undoApplication } from "../server/domain/categorisation/rule-applications";
import type { WorkspaceContext } from "../server/domain/workspace-context";
import { ruleConditions } from "../server/routers/categorisation-rules/schemas";
import { drainRuleApplications } from "../server/jobs/rule-application-worker";
import { openBenchDatabase } from "./bench-database";
import { cleanUp, cleanUpOnSignals } from "./cleanup";
import { generate } from "./import-data";
import { createAccount, prepareWorkspace, type BenchWorkspace } from "./import-setup";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TARGET_REBUILD_MS = 1_000;
const TARGET_PREVIEW_EXTRA_MS = 100;
const PREVIEW_ROWS = 2_000;
const RULES = 100;
const RUNS = 5;

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "postgres" },
    history: { type: "string", default: "100000" },
    apply: { type: "string", default: "1000000" },
  },
});
const engine = values.engine === "pglite" ? "pglite" : "postgres";
const historySize = Number(values.history);
const applySize = Number(values.apply);

cleanUpOnSignals("removing the temporary database...");

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
const verdict = (pass: boolean) => (pass ? "PASS" : "MISS");

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** A history whose rows carry the category the bench data gives their merchant (a person's consistent filing). */
async function categorisedHistory(db: Database, bench: BenchWorkspace, size: number) {
  const data = generate({ rows: 0, existing: size, start: "2024-01-01", days: 700, repeatEvery: 1_000_000, seed: 7 });
  const account = await createAccount(db, bench, "History", data.existing, "2024-01-01");
  const categories = await db.prisma.category.findMany({ where: { workspaceId: bench.workspace.id } });
  // Each merchant (counterparty) files into one category, chosen by its name.
  await db.sql.query(
    `UPDATE transactions t SET category_id = (SELECT id FROM unnest($2::uuid[]) WITH ORDINALITY c(id, n)
                                               WHERE n = 1 + abs(hashtext(t.counterparty)) % array_length($2::uuid[], 1))
      WHERE t.account_id = $1::uuid`,
    [account.id, categories.map((category) => category.id)],
  );
  return { account, data, categories };
}

async function addRules(db: Db, bench: BenchWorkspace, categoryIds: string[]) {
  await db.prisma.categorisationRule.createMany({
    data: Array.from({ length: RULES }, (_, index) => ({
      workspaceId: bench.workspace.id,
      position: index + 1,
      name: `rule ${index}`,
      conditions: ruleConditions.parse({
        description: { operator: index % 10 === 0 ? "regex" : "contains", value: `merchant${index}\\b` },
      }) as object,
      categoryId: categoryIds[index % categoryIds.length]!,
    })),
  });
}

async function categorisePreview(
  context: WorkspaceContext,
  rows: { description: string; counterparty: string; amount: string }[],
  accountId: string,
) {
  const categoriser = await workspaceCategoriser(context);
  let found = 0;
  for (const row of rows) if (categoriser.categorise({ ...row, accountId })) found += 1;
  return found;
}

async function main() {
  const db = await openBenchDatabase(engine);
  const busy = await prepareWorkspace(db);
  const empty = await prepareWorkspace(db);
  const { account, categories } = await categorisedHistory(db, busy, historySize);
  await addRules(
    db,
    busy,
    categories.map((category) => category.id),
  );
  await addRules(
    db,
    empty,
    (await db.prisma.category.findMany({ where: { workspaceId: empty.workspace.id } })).map((c) => c.id),
  );
  const emptyAccount = await createAccount(db, empty, "Empty", [], "2024-01-01");
  if (db.kind === "postgres") await db.sql.exec("ANALYZE");

  // Rebuild, next to the query of its rows alone.
  const rebuild: number[] = [];
  const floor: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const [, query] = await timed(() =>
      db.prisma.$queryRawUnsafe(
        `SELECT t.description, t.counterparty, t.amount::text AS amount, t.account_id::text AS "accountId", t.category_id::text AS "categoryId"
           FROM transactions t JOIN categories c ON c.id = t.category_id AND c.archived_at IS NULL
          WHERE t.workspace_id = $1::uuid AND t.type <> 'transfer' ORDER BY t.date, t.created_at`,
        busy.workspace.id,
      ),
    );
    floor.push(query);
    clearLearners();
    const [learner, took] = await timed(() => workspaceLearner({ db, workspace: busy.workspace }));
    rebuild.push(took);
    if (learner.size !== historySize) throw new Error(`the learner holds ${learner.size} rows, not ${historySize}`);
  }

  // A 2,000-row statement's categories, warm, with the history and without.
  const statement = generate({
    rows: PREVIEW_ROWS,
    existing: 0,
    start: "2026-01-01",
    days: 60,
    repeatEvery: 1_000_000,
    seed: 11,
  });
  const rows = statement.csv
    .toString("utf8")
    .split("\n")
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [, description = "", counterparty = "", amount = "0"] = line.split(";");
      return { description, counterparty, amount: amount.replace(/\./g, "").replace(",", ".") };
    });
  await categorisePreview({ db, workspace: busy.workspace }, rows, account.id);
  await categorisePreview({ db, workspace: empty.workspace }, rows, emptyAccount.id);
  const withHistory: number[] = [];
  const withoutHistory: number[] = [];
  let suggested = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const [found, busyMs] = await timed(() => categorisePreview({ db, workspace: busy.workspace }, rows, account.id));
    const [, emptyMs] = await timed(() => categorisePreview({ db, workspace: empty.workspace }, rows, emptyAccount.id));
    withHistory.push(busyMs);
    withoutHistory.push(emptyMs);
    suggested = found;
  }

  // Rules applied to a large history, then undone.
  const target = await prepareWorkspace(db);
  const wallet = await db.prisma.wallet.create({ data: { workspaceId: target.workspace.id, name: "Apply" } });
  const applyAccount = await db.prisma.account.create({
    data: {
      workspaceId: target.workspace.id,
      walletId: wallet.id,
      currencyId: target.workspace.homeCurrencyId,
      openingBalance: "0",
    },
  });
  for (let offset = 0; offset < applySize; offset += 100_000) {
    await db.sql.query(
      `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, 'expense', date '2020-01-01' + (n % 2000), -1 - (n % 100),
              CASE WHEN n % 2 = 0 THEN 'REWE SAGT DANKE ' || n ELSE 'Other shop ' || n END, now(), now()
         FROM generate_series($4::int, $5::int) n`,
      [
        target.workspace.id,
        applyAccount.id,
        target.workspace.homeCurrencyId,
        offset,
        Math.min(offset + 100_000, applySize) - 1,
      ],
    );
  }
  if (db.kind === "postgres") await db.sql.exec("ANALYZE transactions");
  const groceries = (await db.prisma.category.findFirstOrThrow({ where: { workspaceId: target.workspace.id } })).id;
  await db.prisma.categorisationRule.create({
    data: {
      workspaceId: target.workspace.id,
      position: 1,
      name: "REWE",
      conditions: ruleConditions.parse({ description: { operator: "contains", value: "rewe" } }) as object,
      categoryId: groceries,
    },
  });
  const context = { db: db.prisma, workspace: target.workspace, userId: target.userId };
  const [, floorApply] = await timed(async () => {
    await db.sql
      .transaction(async (tx) => {
        await tx.query(
          `UPDATE transactions SET category_id = $2::uuid WHERE workspace_id = $1::uuid AND category_id IS NULL AND lower(description) LIKE '%rewe%'`,
          [target.workspace.id, groceries],
        );
        throw new Error("rollback");
      })
      .catch(() => undefined);
  });
  const application = await db.transaction((tx) =>
    startApplication({ ...context, db: tx }, { only_uncategorised: true }),
  );
  const [, applyMs] = await timed(() => drainRuleApplications(db));
  const applied = await db.prisma.ruleApplication.findUniqueOrThrow({ where: { id: application.id } });
  await db.transaction((tx) => undoApplication({ ...context, db: tx }, application.id));
  const [, undoMs] = await timed(() => drainRuleApplications(db));
  const undone = await db.prisma.ruleApplication.findUniqueOrThrow({ where: { id: application.id } });
  const left = await db.prisma.transaction.count({
    where: { workspaceId: target.workspace.id, categoryId: { not: null } },
  });

  const figures = {
    engine,
    history: historySize,
    rebuild: { median_ms: median(rebuild), floor_ms: median(floor), target_ms: TARGET_REBUILD_MS },
    preview: {
      rows: PREVIEW_ROWS,
      rules: RULES,
      suggested,
      with_history_ms: median(withHistory),
      empty_workspace_ms: median(withoutHistory),
      target_extra_ms: TARGET_PREVIEW_EXTRA_MS,
    },
    apply: {
      transactions: applySize,
      status: applied.status,
      changed: applied.changedCount,
      apply_ms: applyMs,
      undo_status: undone.status,
      restored: undone.restoredCount,
      left_categorised: left,
      undo_ms: undoMs,
      floor_ms: floorApply,
    },
  };
  const extra = figures.preview.with_history_ms - figures.preview.empty_workspace_ms;
  const rows_ = [
    [
      "learner rebuild, 100k rows",
      `${figures.rebuild.median_ms.toFixed(0)} ms`,
      `floor (its query) ${figures.rebuild.floor_ms.toFixed(0)} ms`,
      verdict(figures.rebuild.median_ms <= TARGET_REBUILD_MS),
      `<= ${TARGET_REBUILD_MS} ms`,
    ],
    [
      "2,000-row preview categories",
      `${figures.preview.with_history_ms.toFixed(0)} ms (${suggested} suggested)`,
      `empty workspace ${figures.preview.empty_workspace_ms.toFixed(0)} ms`,
      verdict(extra <= TARGET_PREVIEW_EXTRA_MS),
      `<= +${TARGET_PREVIEW_EXTRA_MS} ms`,
    ],
    [
      `apply to ${applySize.toLocaleString("en")}`,
      `${(applyMs / 1000).toFixed(1)} s, ${applied.changedCount} changed (${applied.status})`,
      `floor (one UPDATE) ${(floorApply / 1000).toFixed(1)} s`,
      verdict(applied.status === "completed" && applied.changedCount === Math.ceil(applySize / 2)),
      "finishes",
    ],
    [
      "undo",
      `${(undoMs / 1000).toFixed(1)} s, ${undone.restoredCount} restored (${undone.status})`,
      "",
      verdict(undone.status === "undone" && undone.restoredCount === applied.changedCount && left === 0),
      "restores every change",
    ],
  ];
  console.log(`\nbench:rules on ${engine}`);
  for (const row of rows_)
    console.log(`  ${row[0]!.padEnd(30)} ${row[1]!.padEnd(40)} ${row[2]!.padEnd(32)} ${row[3]} (${row[4]})`);
  const dir = path.join(ROOT, "bench", "results");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `rules-${new Date().toISOString().replace(/[:.]/g, "-")}-${engine}.json`);
  await writeFile(file, JSON.stringify({ ...figures, id: randomUUID() }, null, 2));
  console.log(`figures: ${path.relative(ROOT, file)}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
