/**
 * The processes and directories bench:reads starts and makes: the app and the baselines, each in
 * its own process group so that the whole group (next start and anything it forks) is signalled,
 * and temporary directories. The clean-up (bench/cleanup.ts) undoes them in reverse order; a last
 * synchronous SIGKILL and removal on exit catches what it could not reach.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveArguments } from "../scripts/server-bundle";
import { freePort } from "../tests/http/server";
import { isCleaningUp, onCleanup } from "./cleanup";
import type { BaselineMessage } from "./reads-baseline";
import { POOL_SIZE, type Options } from "./reads-options";

/** The project's root: the children run there. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

const children = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    signalGroup(child, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  // Whatever is left of the group (the leader, or processes it forked).
  signalGroup(child, "SIGKILL");
  children.delete(child);
}

function startChild(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; ipc?: boolean },
): ChildProcess {
  if (isCleaningUp()) throw new Error("interrupted");
  const child = spawn(command, args, {
    cwd: ROOT,
    env: options.env ?? process.env,
    detached: true, // own process group: a terminal's Ctrl-C reaches us, and we stop the children
    stdio: options.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  onCleanup(`process ${child.pid}`, () => stopChild(child));
  return child;
}

/** Temporary directories, also removed synchronously if the process exits before the clean-up ran. */
const tempDirs = new Set<string>();

process.on("exit", () => {
  for (const child of children) signalGroup(child, "SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

export async function temporaryDirectory(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  onCleanup(`remove ${dir}`, async () => {
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  });
  return dir;
}

/** A server under load: where to reach it, and its process (for its CPU time). */
export interface Started {
  url: string;
  pid: number | undefined;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far; null where /proc is not there (not Linux). */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The command may hold spaces and parentheses: the fields after the last ")" are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

export async function startApp(
  databaseEnv: Record<string, string>,
  server: Options["server"],
  cpuProfileDir: string | undefined,
): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The profile is written when the app exits (SIGTERM drains and exits in scripts/serve.ts, built into .next/serve.mjs).
  const profile = cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const command =
    server === "serve"
      ? [...profile, ...serveArguments(port, "127.0.0.1")]
      : [...profile, "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"];
  const child = startChild(process.execPath, command, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      SEED_ON_EMPTY: "false",
      RATE_LIMIT_PER_MINUTE: "100000000",
      DATABASE_POOL_MAX: String(POOL_SIZE),
      ...databaseEnv,
    },
  });
  let output = "";
  const capture = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", capture);
  child.stderr?.on("data", capture);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.status === 200) {
        // From here on, anything the server writes (LOG_LEVEL=warn) is worth seeing.
        child.stdout?.off("data", capture);
        child.stderr?.off("data", capture);
        child.stdout?.on("data", (chunk: Buffer) => process.stderr.write(`[app] ${chunk}`));
        child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[app] ${chunk}`));
        return { url: baseUrl, pid: child.pid };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become healthy in 120 s:\n${output}`);
}

export async function startBaseline(name: "floor" | "node:http", message: BaselineMessage): Promise<Started> {
  const child = startChild(
    process.execPath,
    ["--no-deprecation", "--import", "tsx", path.join(ROOT, "bench", "reads-baseline.ts")],
    { ipc: true },
  );
  child.stdout?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${name} server did not start in 60 s`)), 60_000);
    child.once("message", (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${name} server exited with ${code}`));
    });
    child.send(message);
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid };
}
