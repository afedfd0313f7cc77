/**
 * The baselines of bench/reads.ts, started by it as child processes with an IPC channel: each
 * receives its routes (and, for the floor, a database), listens on a free port of 127.0.0.1 and
 * sends the port back. It exits when its parent goes away.
 *
 * - The floor server (a `database` in the message): plain node:http over the app's own database
 *   client (server/db/client.ts: the same pool size, and on PostgreSQL the same session settings),
 *   doing per request what the contract forces and nothing else, then sending the bytes the app
 *   sent (its body, with its content-type). A `pat` route runs the app's PAT check
 *   (authenticatePat: the token's checksum, its SHA-256, the one credential + user + workspace +
 *   membership query) and the workspace data-version query (workspaceDataVersion), the two
 *   queries every cached read of the app must run; a `select1` route runs `SELECT 1`, as the
 *   health check does. The functions are the app's own, so the floor follows their queries. Every
 *   answer carries what the CONTRACT puts on every /api answer: the RateLimit-Limit, -Remaining
 *   and -Reset of a budget counted per credential (per client address without one) in a
 *   one-minute window in memory, and, being a GET's, an ETag (a SHA-256 of the bytes, as the app's).
 * - The bare server (no database): fixed bytes per path, nothing else; context, not a target.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { openDatabase, type Db, type DatabaseOptions } from "../server/db/client";
import { workspaceDataVersion } from "../server/domain/data-version/data-version";
import { authenticatePat, bearerTokenOrNull } from "../server/domain/identity/authenticate";

export interface BaselineRoute {
  path: string;
  contentType: string;
  /** The response body, base64. */
  body: string;
  /** What the floor does before answering: the PAT check and the data version, or SELECT 1. */
  work: "pat" | "select1";
}

export interface BaselineMessage {
  routes: BaselineRoute[];
  /** The floor server's database (the app's, or on PGlite a copy of its data directory); none for the bare server. */
  database?: Pick<DatabaseOptions, "url" | "pgliteDir" | "poolSize">;
}

if (!process.send) throw new Error("reads-baseline.ts is started by bench/reads.ts (it needs an IPC channel)");

async function doWork(db: Db, work: BaselineRoute["work"], request: IncomingMessage): Promise<number> {
  if (work === "select1") {
    await db.sql.query("SELECT 1");
    return 200;
  }
  const token = bearerTokenOrNull(request.headers.authorization ?? null);
  if (token === null) return 401;
  const caller = await authenticatePat(db, token);
  await workspaceDataVersion({ db, workspace: caller.workspace });
  return 200;
}

process.once("message", async (message: BaselineMessage) => {
  const db = message.database ? await openDatabase(message.database) : null;
  const routes = new Map(
    message.routes.map((route) => {
      const body = Buffer.from(route.body, "base64");
      return [
        route.path,
        {
          work: route.work,
          body,
          headers: { "content-type": route.contentType, "content-length": String(body.length) },
        },
      ];
    }),
  );
  // The CONTRACT's rate-limit budget: a fixed one-minute window per credential or client address.
  const budgets = new Map<string, { used: number; resetAt: number }>();
  const BUDGET = 1_000_000;
  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    route: { body: Buffer; headers: Record<string, string> },
  ) => {
    const key = request.headers.authorization ?? request.socket.remoteAddress ?? "";
    const now = Date.now();
    let budget = budgets.get(key);
    if (!budget || budget.resetAt <= now) budgets.set(key, (budget = { used: 0, resetAt: now + 60_000 }));
    budget.used += 1;
    response.writeHead(200, {
      ...route.headers,
      "ratelimit-limit": String(BUDGET),
      "ratelimit-remaining": String(Math.max(0, BUDGET - budget.used)),
      "ratelimit-reset": String(Math.ceil((budget.resetAt - now) / 1000)),
      etag: `W/"${createHash("sha256").update(route.body).digest("base64url").slice(0, 27)}"`,
    });
    response.end(route.body);
  };
  const server = createServer((request, response) => {
    const route = routes.get(request.url ?? "");
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    if (!db) {
      // The bare server: the bytes alone.
      response.writeHead(200, route.headers).end(route.body);
      return;
    }
    doWork(db, route.work, request).then(
      (status) => (status === 200 ? answer(request, response, route) : response.writeHead(status).end()),
      // Any failure (an unknown token included) is a non-2xx, which fails the measurement.
      (error: Error) => {
        process.stderr.write(`${request.url}: ${error.message}\n`);
        response.writeHead(500).end();
      },
    );
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  });
});
process.on("disconnect", () => process.exit(0));
