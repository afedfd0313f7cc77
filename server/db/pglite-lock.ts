/**
 * One process per embedded database directory. PGlite keeps the database in the memory of the
 * process that opened it and writes the directory back; a second process on the same directory
 * sees only its own writes and leaves the files unreadable for both. So the directory is locked by
 * a file naming the process that holds it: a second process stops at once, naming the directory
 * and that process; a lock left by a process that no longer runs (killed, machine restarted) is
 * taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export const LOCK_FILE = "pfa.lock";

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DatabaseDirectoryInUseError extends Error {
  override name = "DatabaseDirectoryInUseError";
}

/** Locks `dir` for this process; returns the release (idempotent). Throws DatabaseDirectoryInUseError when another process holds it. */
export function lockDatabaseDirectory(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(owner));
      closeSync(fd);
      return releaser(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readOwner(file);
    if (holder && holdsIt(holder)) {
      throw new DatabaseDirectoryInUseError(
        `The database directory ${path.resolve(dir)} is in use by process ${holder.pid} (started ${holder.startedAt}): ` +
          "one process per PGLITE_DIR. Stop that process, use another PGLITE_DIR, or set DATABASE_URL to share a PostgreSQL server between instances.",
      );
    }
    // Left by a process that is gone: take it over (a concurrent starter may win the retry; then it holds it).
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new DatabaseDirectoryInUseError(`The database directory ${path.resolve(dir)} was locked by another process starting at the same moment.`);
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.host === "string" ? (owner as LockOwner) : null;
  } catch {
    // Unreadable or half written: a process died writing it, or is writing it this instant.
    return null;
  }
}

/** The lock's process still runs (on this machine; a lock written elsewhere, on a shared disk, is believed). */
function holdsIt(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function releaser(file: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    const holder = readOwner(file);
    if (holder?.pid !== process.pid) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // Also on an ordinary exit without close(); a killed process leaves it behind, to be taken over.
  process.on("exit", release);
  return release;
}
