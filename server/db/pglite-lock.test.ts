import { existsSync, mkdtempSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseDirectoryInUseError, LOCK_FILE, lockDatabaseDirectory } from "./pglite-lock";

/** The embedded database directory's lock (the processes themselves: tests/http/instances.test.ts). */

const fresh = () => mkdtempSync(path.join(tmpdir(), "pfa-lock-unit-"));
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};
const boot = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
const writeLock = (dir: string, owner: object) => writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(owner));

describe("lockDatabaseDirectory", () => {
  it("refuses a directory a running process holds, naming it, and frees it on release", () => {
    const dir = fresh();
    const lockFile = path.join(dir, LOCK_FILE);
    writeLock(dir, {
      pid: process.ppid,
      host: hostname(),
      started: startOf(process.ppid),
      boot: boot(),
      startedAt: "2026-11-24T10:00:00Z",
    });
    expect(() => lockDatabaseDirectory(dir)).toThrow(
      new DatabaseDirectoryInUseError(
        `The database directory ${dir} is in use by process ${process.ppid} (started 2026-11-24T10:00:00Z): one process per PGLITE_DIR. Stop that process, use another PGLITE_DIR, or set DATABASE_URL to share a PostgreSQL server between instances.`,
      ),
    );
    // The refusal leaves the holder's lock, and nothing else, in the directory.
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: process.ppid });
    // The holder's release removes its lock file: then the directory is free to take.
    unlinkSync(lockFile);
    const release = lockDatabaseDirectory(dir);
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("refuses a second lock in the same process, and takes the directory after the release", () => {
    const dir = fresh();
    const release = lockDatabaseDirectory(dir);
    expect(() => lockDatabaseDirectory(dir)).toThrow(DatabaseDirectoryInUseError);
    release();
    const again = lockDatabaseDirectory(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({ pid: process.pid });
    again();
  });

  it("takes over the lock of a pid now used by another process (a restarted container's pid 1), and of an earlier boot", () => {
    const dir = fresh();
    writeLock(dir, {
      pid: process.pid,
      host: hostname(),
      started: "1",
      boot: boot(),
      startedAt: "2026-01-01T00:00:00Z",
    });
    const release = lockDatabaseDirectory(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({
      pid: process.pid,
      started: startOf(process.pid),
    });
    release();
    writeLock(dir, {
      pid: process.ppid,
      host: hostname(),
      started: startOf(process.ppid),
      boot: "another-boot",
      startedAt: "2026-01-01T00:00:00Z",
    });
    const taken = lockDatabaseDirectory(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({
      pid: process.pid,
      boot: boot(),
    });
    taken();
  });

  it("takes over a lock of a process that is gone, and a file that is no lock", () => {
    const dir = fresh();
    writeLock(dir, {
      pid: 2 ** 22 + 17,
      host: hostname(),
      started: null,
      boot: null,
      startedAt: "2026-01-01T00:00:00Z",
    });
    const lockFile = path.join(dir, LOCK_FILE);
    const ownedByUs = () => expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: process.pid });
    const release = lockDatabaseDirectory(dir);
    ownedByUs();
    release();
    expect(existsSync(lockFile)).toBe(false);
    writeFileSync(lockFile, "not json");
    const again = lockDatabaseDirectory(dir);
    ownedByUs();
    again();
  });
});
