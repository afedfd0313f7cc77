/**
 * npm run db:seed [-- --transactions N] [-- --today YYYY-MM-DD]: apply pending migrations, make
 * sure the currency catalogue exists, then (re)create the deterministic demo workspace.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import { isValidDay } from "../server/domain/time/calendar";
import { DEFAULT_DEMO_TRANSACTIONS, MAX_DEMO_TRANSACTIONS } from "../prisma/seed";
import { reseedDemo } from "../server/db/startup";

const USAGE = `Usage: npm run db:seed [-- --transactions N] [--today YYYY-MM-DD]
  --transactions N   exact number of transaction rows, 1..${MAX_DEMO_TRANSACTIONS.toLocaleString("en-US")} (default ${DEFAULT_DEMO_TRANSACTIONS.toLocaleString("en-US")})
  --today DAY        last day of the 24-month history (default: today in Europe/Berlin)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseOptions(argv: string[]): { transactions?: number; today?: string } {
  let values: { transactions?: string; today?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        transactions: { type: "string", short: "n" },
        today: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const options: { transactions?: number; today?: string } = {};
  if (values.transactions !== undefined) {
    const text = values.transactions.replace(/[_,]/g, "");
    const count = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(count) || count < 1 || count > MAX_DEMO_TRANSACTIONS) {
      fail(`--transactions must be a whole number from 1 to ${MAX_DEMO_TRANSACTIONS} (got "${values.transactions}")`);
    }
    options.transactions = count;
  }
  if (values.today !== undefined) {
    if (!isValidDay(values.today)) fail(`--today must be a calendar day YYYY-MM-DD (got "${values.today}")`);
    options.today = values.today;
  }
  return options;
}

const options = parseOptions(process.argv.slice(2));
const db = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.PGLITE_DIR ?? ".data/pglite",
});
try {
  const migrations = await applyMigrations(db.sql, await readMigrations());
  if (migrations.applied.length > 0) console.log(`applied ${migrations.applied.length} migration(s)`);
  // Under the start-up lock and with the finished mark: a starting instance neither seeds beside it nor redoes it.
  const summary = await reseedDemo(db, { ...options, log: (message) => console.log(message) });
  const seconds = summary.ms / 1000;
  const transactionSeconds = summary.transactionsMs / 1000;
  console.log(
    `Demo seeded on ${db.kind}: user demo@example.com, workspace ${summary.workspaceId}, history ending ${summary.today}`,
  );
  for (const [name, count] of Object.entries(summary.counts))
    console.log(`  ${name.padEnd(15)} ${count.toLocaleString("en-US")}`);
  console.log(
    `  ${summary.counts.transactions.toLocaleString("en-US")} transactions in ${transactionSeconds.toFixed(2)} s ` +
      `(${Math.round(summary.counts.transactions / Math.max(transactionSeconds, 0.001)).toLocaleString("en-US")} rows/s); ` +
      `whole seed ${seconds.toFixed(2)} s`,
  );
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
