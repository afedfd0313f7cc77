/**
 * npm start: build the app (unless SKIP_BUILD=1), then serve it with the production server
 * (scripts/serve.ts: Next.js, with the REST operations answered directly). Migrations and the
 * first-run demo seed happen inside the server at start-up (server/db/startup.ts, also run by
 * instrumentation.ts), so a server started any other way, `next start` included, prepares its
 * database the same way.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const next = ["node_modules/next/dist/bin/next"];
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

/**
 * The dashboard's cookie secret: NEXTAUTH_SECRET when set, else one made on the first start and
 * kept in .data/ (mode 600), so a local install signs people in without any setup and stays
 * signed in across restarts.
 */
function ensureAuthSecret(): void {
  if (env.NEXTAUTH_SECRET) return;
  const file = path.join(".data", "nextauth-secret");
  if (!existsSync(file)) {
    mkdirSync(".data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  env.NEXTAUTH_SECRET = readFileSync(file, "utf8").trim();
}

ensureAuthSecret();
if (env.SKIP_BUILD !== "1") {
  const build = spawnSync(process.execPath, [...next, "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = env.PORT ?? "3000";
const server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", "--port", port], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
