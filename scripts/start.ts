/**
 * npm start: build the app (unless SKIP_BUILD=1), then serve it with `next start`. Migrations and
 * the first-run demo seed happen inside the server at start-up (instrumentation.ts), so a server
 * started any other way prepares its database the same way.
 */
import { spawnSync, spawn } from "node:child_process";

const next = ["node_modules/next/dist/bin/next"];
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync(process.execPath, [...next, "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, [...next, "start", "-p", port], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
