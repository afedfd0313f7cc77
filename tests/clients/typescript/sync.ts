/**
 * Keeps a copy of a workspace in a local SQLite file (sql.js), reading only what changed since the
 * last run, with openapi-fetch typed by the server's OpenAPI document.
 *
 *   npx openapi-typescript http://localhost:3000/api/v1/openapi.json -o tests/clients/typescript/generated/api.d.ts
 *   PFA_BASE_URL=http://localhost:3000 PFA_TOKEN=pfa_... PFA_SYNC_DB=copy.sqlite npx tsx tests/clients/typescript/sync.ts
 *
 * The first run reads each list in full (by cursor) and keeps the first page's
 * meta.server_knowledge; every later run sends it as `since` and applies the rows that changed
 * (`data`) and the ones deleted (`deleted`), page by page, then keeps the last page's token. A 410
 * SYNC_TOKEN_EXPIRED starts that list again in full. The token needs transactions:read and
 * accounts:read. Each list prints one JSON line (tests/http/clients.test.ts reads them).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import createClient from "openapi-fetch";
import initSqlJs, { type Database } from "sql.js";
import type { paths } from "generated/api";

const api = createClient<paths>({
  baseUrl: setting("PFA_BASE_URL"),
  headers: { Authorization: `Bearer ${setting("PFA_TOKEN")}` },
});

const LISTS = [
  "/api/v1/programmatic/transactions",
  "/api/v1/programmatic/categories",
  "/api/v1/programmatic/accounts",
] as const;
type ListPath = (typeof LISTS)[number];

/** One page of a list as every synced list answers it. */
interface Page {
  data: Array<{ id: string }>;
  deleted?: Array<{ id: string; deleted: true; deleted_at: string }>;
  meta: { next_cursor: string | null; server_knowledge: string };
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

async function read(path: ListPath, query: { limit: number; since?: string; cursor?: string }): Promise<Page> {
  const { data, error, response } = await api.GET(path, { params: { query } });
  if (data === undefined) {
    const body = error as { code: string; message: string };
    throw new ApiError(response.status, body.code, body.message);
  }
  return data;
}

/** Every page of a list: the first with `query`, the next ones by next_cursor alone (with limit). */
async function* pages(path: ListPath, query: { limit: number; since?: string }): AsyncGenerator<Page> {
  let page = await read(path, query);
  for (;;) {
    yield page;
    if (page.meta.next_cursor === null) return;
    page = await read(path, { cursor: page.meta.next_cursor, limit: query.limit });
  }
}

function upsert(db: Database, list: string, row: { id: string }): void {
  db.run(
    "INSERT INTO rows (list, id, body) VALUES (?, ?, ?) ON CONFLICT (list, id) DO UPDATE SET body = excluded.body",
    [list, row.id, JSON.stringify(row)],
  );
}

async function readInFull(db: Database, list: string, path: ListPath) {
  db.run("DELETE FROM rows WHERE list = ?", [list]);
  let knowledge: string | undefined;
  for await (const page of pages(path, { limit: 200 })) {
    knowledge ??= page.meta.server_knowledge; // the first page's
    for (const row of page.data) upsert(db, list, row);
  }
  return { knowledge: knowledge!, result: { mode: "full" } };
}

async function readChanges(db: Database, list: string, path: ListPath, since: string) {
  let knowledge = since;
  let changed = 0;
  let deleted = 0;
  for await (const page of pages(path, { since, limit: 200 })) {
    for (const row of page.data) upsert(db, list, row);
    for (const gone of page.deleted ?? []) db.run("DELETE FROM rows WHERE list = ? AND id = ?", [list, gone.id]);
    changed += page.data.length;
    deleted += page.deleted?.length ?? 0;
    knowledge = page.meta.server_knowledge; // the last page's
  }
  return { knowledge, result: { mode: "delta", changed, deleted } };
}

async function main(): Promise<void> {
  const file = setting("PFA_SYNC_DB");
  const SQL = await initSqlJs();
  const db = new SQL.Database(existsSync(file) ? readFileSync(file) : undefined);
  db.run("CREATE TABLE IF NOT EXISTS rows (list TEXT, id TEXT, body TEXT, PRIMARY KEY (list, id))");
  db.run("CREATE TABLE IF NOT EXISTS tokens (list TEXT PRIMARY KEY, knowledge TEXT NOT NULL)");
  for (const path of LISTS) {
    const list = path.split("/").at(-1)!;
    const stored = db.exec("SELECT knowledge FROM tokens WHERE list = ?", [list])[0]?.values[0]?.[0];
    db.run("BEGIN");
    try {
      let outcome;
      try {
        outcome =
          typeof stored === "string" ? await readChanges(db, list, path, stored) : await readInFull(db, list, path);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== "SYNC_TOKEN_EXPIRED") throw error;
        outcome = await readInFull(db, list, path);
      }
      db.run(
        "INSERT INTO tokens (list, knowledge) VALUES (?, ?) ON CONFLICT (list) DO UPDATE SET knowledge = excluded.knowledge",
        [list, outcome.knowledge],
      );
      db.run("COMMIT");
      const rows = db.exec("SELECT count(*) FROM rows WHERE list = ?", [list])[0]!.values[0]![0];
      console.log(JSON.stringify({ step: list, rows, ...outcome.result }));
    } catch (error) {
      db.run("ROLLBACK"); // the copy and its token stay as they were
      throw error;
    }
  }
  writeFileSync(file, db.export());
}

await main();
