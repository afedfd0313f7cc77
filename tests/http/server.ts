import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { serveArguments, serverBundlePath } from "../../scripts/server-bundle";
import { createPostgresDatabase } from "../../server/db/testing";

/** Starts the built app with the production server (scripts/serve.ts) on a free port with its own fresh database. */
export interface RunningServer {
  baseUrl: string;
  databaseUrl?: string;
  /** Everything the server wrote to stdout and stderr. */
  logFile: string;
  /** The e-mails the server sent, one JSON object per line (MAIL_OUTBOX_FILE). */
  outboxFile: string;
  pid: number;
  /** The server's process, for tests that signal or kill it. */
  child: ChildProcess;
  /** Everything the server wrote so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Share this PostgreSQL database (created by the caller) instead of a fresh one. */
  databaseUrl?: string;
}

/** A TCP port nothing listens on now (the kernel picks it), for a server about to start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The process has ended: by itself, or killed by a signal (then exitCode stays null and signalCode is set). */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Waits for the child to say it listens (scripts/serve.ts sends "ready" over the IPC channel), then
 * for its health. The health alone could be another server's: one given the same free port before
 * this one bound it answers while this one fails to listen (EADDRINUSE).
 */
async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  ready: () => boolean,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    if (!ready()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

/** Starts that may meet a port another process took between choosing it and listening on it. */
const PORT_ATTEMPTS = 3;

export async function startServer(options: StartOptions = {}, attempt = 1): Promise<RunningServer> {
  const { env = {}, databaseUrl } = options;
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID")) || !existsSync(serverBundlePath())) {
    throw new Error("The app is not built: run `npm run build` first (npm test does).");
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database =
    databaseUrl === undefined && process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
  const workDir = mkdtempSync(path.join(tmpdir(), "pfa-http-"));
  const logFile = path.join(workDir, "server.log");
  const outboxFile = path.join(workDir, "outbox.jsonl");
  let log = "";
  // The built server in this process (no launcher between): the pid is the server's, so a test's
  // SIGKILL or SIGTERM reaches the server itself.
  const child = spawn(process.execPath, serveArguments(port, "127.0.0.1"), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl ?? database?.url ?? "",
      PGLITE_DIR: env.PGLITE_DIR ?? "memory://",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // The test client stands for a proxy on this machine: its X-Forwarded-For keeps the tests'
      // failed-authentication budgets apart. Tests of the default start their own server.
      TRUST_PROXY: "loopback",
      MAIL_OUTBOX_FILE: outboxFile,
      // Each route's module loads on its first request: most servers here answer a few routes.
      PFA_TEST_LAZY_ROUTES: "1",
      ...env,
    },
    // The IPC channel carries the server's "ready" (and ends it if this process goes).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let ready = false;
  child.on("message", (message) => {
    if ((message as { event?: unknown } | null)?.event === "ready") ready = true;
  });
  let removed = false;
  const capture = (chunk: Buffer) => {
    log += chunk;
    // Output that arrives after stop() removed the folder stays in memory only.
    if (!removed) appendFileSync(logFile, chunk);
  };
  child.stdout?.on("data", capture);
  child.stderr?.on("data", capture);
  const stop = async () => {
    // Not after it exited, by itself or killed by a test.
    if (!hasExited(child)) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      // Past the server's drain budget (25 s): a graceful stop is never cut by the test.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
      // A pending timer would keep vitest from exiting for its whole teardown timeout (10 s a pass).
      clearTimeout(timer);
      if (!hasExited(child)) child.kill("SIGKILL");
    }
    await database?.drop();
    const failures = serverFailures(log);
    if (failures.length > 0) {
      throw new Error(
        `the server logged failures (5xx or errors; whole output in ${logFile}):\n${failures.join("\n")}`,
      );
    }
    // The log and the outbox stay only when something went wrong.
    removed = true;
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(
      baseUrl,
      child,
      () => ready,
      () => log,
      150_000,
    );
  } catch (error) {
    // Another process took the port first: the failure it logged is no fault of the app's; again on another port.
    const portTaken = log.includes("EADDRINUSE") && attempt < PORT_ATTEMPTS;
    await stop().catch((stopError: unknown) => {
      if (!portTaken) throw stopError;
    });
    if (portTaken) return startServer(options, attempt + 1);
    throw error;
  }
  return {
    baseUrl,
    databaseUrl: databaseUrl ?? database?.url,
    logFile,
    outboxFile,
    pid: child.pid!,
    child,
    output: () => log,
    stop,
  };
}

/**
 * Lines of a server's log that show a failure: an error-level entry, an answer with a 5xx status
 * other than 503 (the database-down test's), or Next.js reporting an exception. A test suite that
 * passes while the server fails underneath is not passing.
 */
function serverFailures(log: string): string[] {
  return log.split("\n").filter((line) => {
    if (/^\s*⨯/.test(line)) return true;
    if (!line.startsWith("{")) return false;
    try {
      const entry = JSON.parse(line) as { level?: number; status?: number };
      return (
        (entry.level ?? 0) >= 50 || (typeof entry.status === "number" && entry.status >= 500 && entry.status !== 503)
      );
    } catch {
      return false;
    }
  });
}
