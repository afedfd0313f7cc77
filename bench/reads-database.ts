/**
 * bench:reads' database: the demo seeded from this process with the token the load uses (made
 * here, so that the floor's PGlite copy holds it too), on a temporary PostgreSQL database or a
 * temporary PGlite directory.
 */
import { cp } from "node:fs/promises";
import { DEMO_EMAIL, seedDemo } from "../prisma/seed";
import { openDatabase, type Db } from "../server/db/client";
import { applyMigrations, readMigrations } from "../server/db/migrate";
import type { SessionCaller } from "../server/domain/identity/authenticate";
import { createCredential } from "../server/domain/identity/credentials";
import { SCOPES } from "../server/domain/identity/scopes";
import { temporaryPostgres } from "./bench-database";
import type { BaselineMessage } from "./reads-baseline";
import { POOL_SIZE, type Options } from "./reads-options";
import { temporaryDirectory } from "./reads-processes";

/** The demo, and a token of the demo user with every scope: the load's token. */
async function seed(options: Options, target: { url?: string; pgliteDir?: string }): Promise<string> {
  const started = performance.now();
  const db = await openDatabase(target);
  try {
    await applyMigrations(db.sql, await readMigrations());
    const summary = await seedDemo(db, { transactions: options.transactions });
    if (options.analyze) await db.sql.exec("VACUUM ANALYZE");
    console.log(
      `Seeded the demo on ${db.kind}: ${summary.counts.transactions.toLocaleString("en-US")} transactions, ` +
        `${summary.counts.categories} categories, ${summary.counts.wallets} wallets, history ending ${summary.today}` +
        `${options.analyze ? ", then VACUUM ANALYZE" : ""} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    return await createBenchToken(db, summary.userId, summary.workspaceId);
  } finally {
    await db.close();
  }
}

/**
 * Made here rather than through the app's endpoint 1, because on PGlite the floor reads a copy of
 * the data directory taken before the app starts. createCredential only reads the caller's user
 * and workspace; there is no session behind it.
 */
async function createBenchToken(db: Db, userId: string, workspaceId: string): Promise<string> {
  const workspace = await db.prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { id: true, timezone: true, homeCurrencyId: true, plan: true },
  });
  const caller: SessionCaller = {
    kind: "session",
    sessionId: "bench:reads",
    user: { id: userId, email: DEMO_EMAIL },
    workspace,
  };
  const { token } = await createCredential(db, caller, {
    name: "bench:reads",
    audience: "programmatic_api",
    scopes: [...SCOPES],
  });
  return token;
}

interface PreparedDatabase {
  /** The app's environment. */
  appEnv: Record<string, string>;
  /** The floor server's database. */
  floor: NonNullable<BaselineMessage["database"]>;
  token: string;
}

/** A database with the demo and the token. */
export async function prepareDatabase(options: Options): Promise<PreparedDatabase> {
  if (options.engine === "postgres") {
    const database = await temporaryPostgres("set BENCH_DATABASE_URL, or use --engine pglite");
    const token = await seed(options, { url: database.url });
    return {
      appEnv: { DATABASE_URL: database.url, PGLITE_DIR: "memory://" },
      floor: { url: database.url, poolSize: POOL_SIZE },
      token,
    };
  }
  const dir = await temporaryDirectory("pfa-bench-reads-pglite-");
  console.log(`PGlite: temporary directory ${dir}`);
  const token = await seed(options, { pgliteDir: dir });
  // One process per PGlite directory: the floor gets a copy of the closed, seeded one.
  const floorDir = await temporaryDirectory("pfa-bench-reads-pglite-floor-");
  await cp(dir, floorDir, { recursive: true });
  return { appEnv: { DATABASE_URL: "", PGLITE_DIR: dir }, floor: { pgliteDir: floorDir }, token };
}
