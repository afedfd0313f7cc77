/**
 * One process per embedded database directory. PGlite keeps the database in the memory of the
 * process that opened it and writes the directory back; a second process on the same directory
 * sees only its own writes and leaves the files unreadable for both. So the directory is locked by
 * a file naming the process that holds it: a second process stops at once, naming the directory
 * and that process; a lock left by a process that no longer runs (killed, machine or container
 * restarted, even when the new process got the same pid) is taken over.
 */
import { existsSync, linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export const LOCK_FILE = "pfa.lock";
/** Held for the moment of replacing a stale lock, so two starters cannot both take it over. */
const TAKEOVER_FILE = "pfa.lock.takeover";
/** A takeover file older than this was left by a starter that died taking over. */
const TAKEOVER_STALE_MS = 30_000;

interface LockOwner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot, and the boot's id (Linux): a reused pid is told apart. */
  started: string | null;
  boot: string | null;
  startedAt: string;
}

export class DatabaseDirectoryInUseError extends Error {
  override name = "DatabaseDirectoryInUseError";
}

/** Locks `dir` for this process; returns the release (idempotent). Throws DatabaseDirectoryInUseError when another process holds it. */
export function lockDatabaseDirectory(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    started: processStart(process.pid),
    boot: bootId(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(file, owner)) return releaser(file);
    const holder = readOwner(file);
    if (holder && holdsIt(holder)) {
      throw new DatabaseDirectoryInUseError(
        `The database directory ${dir} is in use by process ${holder.pid} (started ${holder.startedAt}): ` +
          "one process per PGLITE_DIR. Stop that process, use another PGLITE_DIR, or set DATABASE_URL to share a PostgreSQL server between instances.",
      );
    }
    takeOver(dir, file);
  }
  throw new DatabaseDirectoryInUseError(
    `The database directory ${dir} was locked by another process starting at the same moment.`,
  );
}

/** Creates the lock file whole or not at all: written aside, then linked into place (fails when one exists). */
function create(file: string, owner: LockOwner): boolean {
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, JSON.stringify(owner), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  } finally {
    unlinkSync(draft);
  }
}

/** Removes a stale lock, unless another starter is removing it this moment. */
function takeOver(dir: string, file: string): void {
  const guard = path.join(dir, TAKEOVER_FILE);
  if (existsSync(guard) && Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) removeIfThere(guard);
  try {
    writeFileSync(guard, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return; // the other starter takes it; the next attempt reads its lock
    throw error;
  }
  try {
    const holder = readOwner(file);
    // Read again under the guard: only a lock still stale is removed.
    if (!holder || !holdsIt(holder)) removeIfThere(file);
  } finally {
    removeIfThere(guard);
  }
}

function removeIfThere(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.host === "string" ? (owner as LockOwner) : null;
  } catch {
    // Gone, or not a lock this code wrote (the file is always written whole): not a holder.
    return null;
  }
}

/** The lock's process still runs (on this machine; a lock written elsewhere, on a shared disk, is believed). */
function holdsIt(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  // The same pid after a restart (a container's node is often pid 1): the same process only if it started when the lock says.
  if (owner.boot && owner.boot !== bootId()) return false;
  if (owner.started && processStart(owner.pid) !== owner.started) return false;
  if (owner.pid === process.pid) return owner.started !== null;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Field 22 of /proc/<pid>/stat (start time in ticks since boot), or null where there is no /proc or no such process. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return null;
  }
}

function releaser(file: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (readOwner(file)?.pid !== process.pid) return;
    removeIfThere(file);
  };
  // Also on an ordinary exit without close(); a killed process leaves it behind, to be taken over.
  process.on("exit", release);
  return release;
}
