/**
 * npm run serve [-- --port N] [--host ADDRESS]: the production server (server/http/serve.ts) on the
 * built app (`npm run build` first; `npm start` does both). PORT and HOST are the defaults.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const USAGE = "Usage: npm run serve [-- --port N (PORT, 3000)] [--host ADDRESS (HOST, all interfaces)]";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { port: { type: "string", short: "p" }, host: { type: "string", short: "H" }, help: { type: "boolean", short: "h" } },
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

// Before the server modules load: they read the environment when imported.
Object.assign(process.env, { NODE_ENV: "production", PORT: String(port) });
const { serve } = await import("../server/http/serve");
const { logger } = await import("../server/logger");
const dir = fileURLToPath(new URL("..", import.meta.url));
try {
  await serve({ dir, port, host });
  logger.info(`ready on http://${host ?? "localhost"}:${port}`);
} catch (error) {
  logger.fatal({ err: error }, "the server did not start");
  logger.flush();
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100).unref();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
