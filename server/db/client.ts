import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient, type Prisma } from "./generated/prisma/client";
import { lockDatabaseDirectory } from "./pglite-lock";

/** Plain SQL next to Prisma: migrations, bulk inserts and report aggregates use it. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (no parameters). */
  exec(script: string): Promise<void>;
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

/** What a transaction is opened with: how long it may wait for a connection and how long it may run. */
interface TransactionOptions {
  maxWait?: number;
  timeout?: number;
}

/**
 * The database handle every function takes: Prisma queries and plain SQL beside them.
 *
 * `prisma` is the client, or the interactive transaction the handle belongs to; it has no
 * `$transaction`, so a transaction is opened one way: `db.transaction(work)`, which inside a
 * transaction runs `work` in the transaction already open. `sql` runs in the same transaction as
 * `prisma`, through Prisma's raw queries: a query that may run in a transaction casts what it reads
 * (numeric and bigint come back as Decimal and BigInt there, as strings and numbers outside), and
 * `exec` there runs one statement, not a script.
 */
export interface Db {
  prisma: Prisma.TransactionClient;
  sql: SqlExecutor;
  transaction<T>(work: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

type DatabaseKind = "pglite" | "postgres";

/** The database as opened: a `Db` on the client itself, and what only the opener needs. */
export interface Database extends Db {
  kind: DatabaseKind;
  prisma: PrismaClient;
  close(): Promise<void>;
}

/**
 * Plain SQL inside an interactive transaction goes through the transaction's own connection, as
 * Prisma's raw queries: values come back as Prisma decodes them (numeric as Decimal, bigint as
 * BigInt), so a query meant for both sides casts what it reads to text or int.
 */
function inTransaction(tx: Prisma.TransactionClient): Db {
  const db: Db = {
    prisma: tx,
    sql: {
      query: <Row>(text: string, params: unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...params),
      async exec(script: string) {
        await tx.$executeRawUnsafe(script);
      },
      transaction: (work) => work(db.sql),
    },
    transaction: (work) => work(db),
  };
  return db;
}

/** The `Db` of a Prisma client: the client, its plain SQL, and transactions opened on the client. */
function clientDb(prisma: PrismaClient, sql: SqlExecutor): Db {
  return {
    prisma,
    sql,
    transaction: (work, options) => prisma.$transaction((tx) => work(inTransaction(tx)), options),
  };
}

export interface DatabaseOptions {
  /** postgres://... for a PostgreSQL server; absent for the embedded database. */
  url?: string;
  /** PGlite data directory, or "memory://" for an in-memory database. */
  pgliteDir?: string;
  /** Connection pool size on PostgreSQL. */
  poolSize?: number;
  /** A new PGlite (in memory, or a directory without a database) starts from this dump of a data directory (dumpPglite) instead of an empty one. */
  pgliteTemplate?: Blob;
}

const pgliteOf = new WeakMap<Database, PGlite>();

/**
 * bytea parameters and results as hex text made by Buffer: PGlite's own codec builds a string per
 * byte, which took 6-13 s for a 10 MiB statement file.
 */
const PGLITE_BYTEA = {
  serializers: {
    [types.BYTEA]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
    },
  },
  parsers: { [types.BYTEA]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), "hex")) },
};

/** The data directory of an embedded database as one archive (tests: a migrated template each file starts from). */
export function dumpPglite(db: Database): Promise<Blob> {
  const pglite = pgliteOf.get(db);
  if (!pglite) throw new Error("only an embedded (PGlite) database can be dumped");
  return pglite.dumpDataDir("none");
}

/** The only place that knows which database engine is in use. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.pgliteDir ?? "memory://", options.pgliteTemplate);
}

async function openPglite(dir: string, template?: Blob): Promise<Database> {
  const inMemory = dir === "memory://";
  if (!inMemory) mkdirSync(path.resolve(dir), { recursive: true });
  const unlock = inMemory ? () => undefined : lockDatabaseDirectory(path.resolve(dir));
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(inMemory ? {} : { dataDir: path.resolve(dir) }),
      // PGlite refuses to load a dump over a database.
      ...(template && (inMemory || !existsSync(path.join(dir, "PG_VERSION"))) ? { loadDataDir: template } : {}),
      ...PGLITE_BYTEA,
      // Trigram indexes make the transactions' text search cost the same at any size (migration transaction_search).
      extensions: { pg_trgm },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const executor = (client: Pick<PGlite, "query" | "exec">): SqlExecutor => ({
    async query<Row>(text: string, params?: unknown[]) {
      const result = await client.query<Row>(text, params);
      return result.rows;
    },
    async exec(script: string) {
      await client.exec(script);
    },
    transaction: (work) => pglite.transaction((tx) => work(executor(tx))),
  });
  const db: Database = {
    ...clientDb(prisma, executor(pglite)),
    kind: "pglite",
    prisma,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      unlock();
    },
  };
  pgliteOf.set(db, pglite);
  return db;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // TCP keepalive: a connection to a machine that vanished is noticed (and its advisory locks with
  // it, server side with PostgreSQL's tcp_keepalives_* settings) instead of after hours.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, keepAlive: true });
  // JIT compilation pays off for queries running many seconds; for the reports' aggregates (0.1-0.3 s)
  // it adds up to half a second of compiling per query, so this service's sessions turn it off. A
  // SET on each new connection (queued before any other query on it), not a startup option, which
  // connection poolers such as PgBouncer refuse.
  pool.on("connect", (client) => {
    client.query("SET jit = off").catch(() => undefined);
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const clientExecutor = (client: pg.PoolClient): SqlExecutor => ({
    async query<Row>(text: string, params?: unknown[]) {
      const result = await client.query(text, params);
      return result.rows as Row[];
    },
    async exec(script: string) {
      await client.query(script);
    },
    transaction: () => Promise.reject(new Error("nested transactions are not supported")),
  });
  const sql: SqlExecutor = {
    async query<Row>(text: string, params?: unknown[]) {
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(clientExecutor(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
  return {
    ...clientDb(prisma, sql),
    kind: "postgres",
    prisma,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
