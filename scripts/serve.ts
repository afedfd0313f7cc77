/**
 * npm run serve [-- --port N] [--host ADDRESS]: the production server (server/http/serve.ts) on the
 * built app (`npm run build` first; `npm start` does both). PORT and HOST are the defaults.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const USAGE = "Usage: npm run serve [-- --port N (PORT, 3000)] [--host ADDRESS (HOST, all interfaces)]";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    port: { type: "string", short: "p" },
    host: { type: "string", short: "H" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port ?? process.env.PORT}")\n${USAGE}`);
  process.exit(2);
}
const host = values.host ?? process.env.HOST ?? undefined;

/**
 * Sent to a parent that started this server with an IPC channel (npm start, scripts/start.ts) once
 * it answers requests, so the parent can tell a person what happened in plain words.
 */
export interface ServerReady {
  event: "ready";
  port: number;
  appliedMigrations: string[];
  seeded: boolean;
  /** The demo sign-in, when the demo was seeded now or is seeded on an empty database (SEED_ON_EMPTY). */
  demo?: { email: string; password: string };
}

// Before the server modules load: they read the environment when imported.
Object.assign(process.env, { NODE_ENV: "production", PORT: String(port) });
// next-auth writes its callback and sign-in URLs from NEXTAUTH_URL, else from port 3000 whatever PORT
// is: without a public origin configured, this machine on PORT (the default public origin).
if (!process.env.NEXTAUTH_URL && !process.env.PUBLIC_BASE_URL) process.env.NEXTAUTH_URL = `http://localhost:${port}`;
const { serve } = await import("../server/http/serve");
const { prepareProcessDatabase } = await import("../server/process-startup");
const { env } = await import("../server/env");
const { logger } = await import("../server/logger");
const { DEMO_EMAIL, DEMO_PASSWORD } = await import("../prisma/seed");
const dir = fileURLToPath(new URL("..", import.meta.url));
const { drainAndClose, DRAIN_BUDGET_MS } = await import("../server/http/shutdown");
const { stopImportWorker } = await import("../server/jobs/import-worker");
const { stopRuleApplicationWorker } = await import("../server/jobs/rule-application-worker");
const { stopWebhookWorker } = await import("../server/jobs/webhook-worker");
const { stopMaintenance } = await import("../server/jobs/maintenance");
const { getDatabase } = await import("../server/db");
let running: import("node:http").Server | null = null;

function gracefulShutdown(server: import("node:http").Server): Promise<boolean> {
  return drainAndClose({
    server,
    stopWork: async () => {
      stopMaintenance();
      await Promise.all([stopImportWorker(), stopRuleApplicationWorker(), stopWebhookWorker()]);
    },
    closeDatabase: async () => (await getDatabase()).close(),
  });
}

try {
  // The one start-up run of this process, which serve() waits for too: asked here for what it did.
  const prepared = prepareProcessDatabase();
  void prepared.catch(() => undefined); // a failure reaches the catch below through serve()
  const server = await serve({ dir, port, host });
  running = server;
  const { appliedMigrations, seeded } = await prepared;
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  logger.info(`ready on http://${host ?? "localhost"}:${boundPort}`);
  const ready: ServerReady = { event: "ready", port: boundPort, appliedMigrations, seeded };
  if (seeded || env.SEED_ON_EMPTY) ready.demo = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
  process.send?.(ready);
} catch (error) {
  logger.fatal({ err: error }, "the server did not start");
  logger.flush();
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100).unref();
}
// SIGTERM/SIGINT drain first (server/http/shutdown.ts): requests under way finish, the import being
// booked completes, then the pools close. A signal before the server runs ends at once; a second one
// ends at once too, unless it comes within a second of the first (Ctrl-C under npm start reaches
// this process twice: from the terminal and forwarded by npm start).
let shutdownStarted = 0;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (!running) process.exit(1);
    if (shutdownStarted > 0) {
      if (Date.now() - shutdownStarted > 1_000) process.exit(1);
      return;
    }
    shutdownStarted = Date.now();
    // Whatever hangs, the process is gone shortly after the budget.
    setTimeout(() => process.exit(1), DRAIN_BUDGET_MS + 5_000).unref();
    void gracefulShutdown(running).then((finished) => process.exit(finished ? 0 : 1));
  });
}
// Started by npm start: when it goes (even killed outright), the server goes with it.
if (process.send) process.on("disconnect", () => process.exit(0));
