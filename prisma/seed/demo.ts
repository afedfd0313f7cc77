import type { Database } from "../../server/db/client";
import { addDays, isValidDay, todayIn } from "../../server/domain/time/calendar";
import { ensureCurrencies } from "./currencies";
import { buildFxSeries, fxRows, writeFxRates } from "./fx";
import { createBudgets, createGoals } from "./planning";
import { SeededRandom } from "./random";
import { createRecurringRules } from "./recurring";
import { demoRuleSpecs } from "./recurring-rules";
import { demoSubscriptionSpecs } from "./recurring-subscriptions";
import { createDemoWorld, DEMO_TIMEZONE, removeDemo, stampOf } from "./setup";
import { writeTransactions } from "./transactions";

/** Transactions in the default demo (about 125 a month over the 24 months). */
export const DEFAULT_DEMO_TRANSACTIONS = 3_000;
export const MAX_DEMO_TRANSACTIONS = 5_000_000;
/** FX rates start this many days before the history, so its first days have an earlier rate. */
const FX_MARGIN_DAYS = 31;

export interface SeedDemoOptions {
  /** Exact number of transaction rows (a transfer counts as its two rows). */
  transactions?: number;
  /** The last day of the history, `YYYY-MM-DD`; today in Europe/Berlin by default. */
  today?: string;
  log?: (message: string) => void;
}

export interface DemoSummary {
  userId: string;
  workspaceId: string;
  today: string;
  counts: {
    wallets: number;
    accounts: number;
    categories: number;
    transactions: number;
    fxRates: number;
    recurringRules: number;
    goals: number;
    budgets: number;
  };
  /** Wall time of the whole seed, and of writing the transactions alone. */
  ms: number;
  transactionsMs: number;
}

/**
 * Creates the deterministic demo described in CONTRACT "Demo data": the same `today` and
 * options give the same rows and ids (only the password hash's salt differs). A previous demo
 * user and its workspaces are removed first.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<DemoSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const today = options.today ?? todayIn(DEMO_TIMEZONE);
  if (!isValidDay(today)) throw new RangeError(`today must be a calendar day (YYYY-MM-DD), got ${today}`);
  const total = options.transactions ?? DEFAULT_DEMO_TRANSACTIONS;
  if (!Number.isInteger(total) || total < 1 || total > MAX_DEMO_TRANSACTIONS) {
    throw new RangeError(`transactions must be an integer from 1 to ${MAX_DEMO_TRANSACTIONS}, got ${total}`);
  }

  const currencyIds = await ensureCurrencies(db);
  await removeDemo(db);

  log(`Creating the demo user, workspace, categories, wallets and accounts (history ending ${today})`);
  const world = await createDemoWorld(db, { today, currencyIds, ids: new SeededRandom("demo-entities") });

  const fx = buildFxSeries(addDays(world.start, -FX_MARGIN_DAYS), today);
  const fxRates = await writeFxRates(db.sql, fxRows(fx, currencyIds), stampOf(world.start));
  log(`FX rates: ${fxRates} (USD and GBP against EUR, both directions, weekdays)`);

  // Rules before subscriptions: the specs take their ids from one sequence, in this order.
  const specs = [...demoRuleSpecs(world), ...demoSubscriptionSpecs(world)];
  const recurringRules = await createRecurringRules(db, world, specs);
  const goals = await createGoals(db, world);
  const budgets = await createBudgets(db, world);
  log(`Planning: ${recurringRules} recurring rules, ${goals} goals, ${budgets} budgets`);

  log(`Writing ${total.toLocaleString("en-US")} transactions`);
  const transactionsStarted = performance.now();
  // PGlite runs one statement at a time in this process; a PostgreSQL server can take several.
  const parallelBatches = db.kind === "postgres" ? 3 : 1;
  const stats = await writeTransactions(db.sql, world, { total, specs, fx, parallelBatches, log });
  const transactionsMs = Math.round(performance.now() - transactionsStarted);
  // Fresh statistics after a bulk load: neither PGlite nor a server without autovacuum has them,
  // and without them the planner misjudges every query on the new rows.
  await db.sql.exec("ANALYZE transactions; ANALYZE fx_rates;");

  return {
    userId: world.userId,
    workspaceId: world.workspaceId,
    today,
    counts: {
      wallets: Object.keys(world.wallets).length,
      accounts: Object.keys(world.accounts).length,
      categories: world.categoryCount,
      transactions: stats.rows,
      fxRates,
      recurringRules,
      goals,
      budgets,
    },
    ms: Math.round(performance.now() - started),
    transactionsMs,
  };
}
