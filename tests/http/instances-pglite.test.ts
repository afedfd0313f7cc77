import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serveArguments } from "../../scripts/server-bundle";
import { createClient, randomIp } from "./client";
import { balanceOf, exited, newAccount, ownServers, statement, until, uploadAndConfirm } from "./instances-testing";
import { postgres } from "./postgres";

/**
 * One process on an embedded (PGlite) database directory: a graceful stop finishes the request and
 * the booking under way and frees the directory; the directory's lock refuses a second process and
 * is taken over from one that died. Its servers are its own (run apart from the shared server).
 */

const own = ownServers();

/** A POST whose body is sent in two halves with a pause between; resolves with the status. */
function slowUpload(
  baseUrl: string,
  token: string,
  accountId: string,
  csv: string,
  pause: Promise<void>,
): Promise<number> {
  const boundary = `----pfa${randomUUID()}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n${accountId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  const url = new URL(`${baseUrl}/api/v1/programmatic/imports`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "idempotency-key": randomUUID(),
          "x-forwarded-for": randomIp(),
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(body.length),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(body.subarray(0, body.length / 2));
    void pause.then(() => req.end(body.subarray(body.length / 2)));
  });
}

// These tests use PGlite whatever the suite runs on: they run in the suite's PGlite pass only.
describe.skipIf(postgres)("a graceful stop", () => {
  it("on SIGTERM finishes the request under way and the booking, then exits 0 and frees the database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pfa-drain-"));
    const server = await own.start({
      databaseUrl: "",
      env: { PGLITE_DIR: dir, PFA_TEST_BOOKING_DELAY_MS: "3000", SEED_ON_EMPTY: "false", LOG_LEVEL: "info" },
    });
    const { token, accountId } = await newAccount(server.baseUrl);
    const { csv, total } = statement(200);
    const id = await uploadAndConfirm(server.baseUrl, token, accountId, csv);
    // The confirm wakes the worker, which takes the job and holds it 3 s. (Asking the API would
    // wait for the booking: PGlite runs one transaction at a time; the log says when it is taken.)
    await until(
      "the import is claimed",
      10_000,
      async () => server.output().includes(id) && /"msg":"import claimed"/.test(server.output()),
    );

    let signalled!: () => void;
    const afterSignal = new Promise<void>((resolve) => (signalled = resolve));
    const upload = slowUpload(server.baseUrl, token, accountId, statement(5).csv, afterSignal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    signalled();
    expect(await upload).toBe(201);
    const exit = await exited(server);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(25_000);

    // The same directory opens again (its lock was released), and the booking completed once.
    const again = await own.start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    const job = (await createClient(again.baseUrl).call("GET", `/api/v1/programmatic/imports/${id}`, { token })).body
      .data.attributes;
    expect(job).toMatchObject({ status: "completed", imported_count: 200 });
    expect(await balanceOf(again.baseUrl, token, accountId)).toBe(((10_000 + total) / 100).toFixed(2));
    await again.stop();
  }, 180_000);
});

describe.skipIf(postgres)("the embedded database's directory", () => {
  function serveOn(dir: string): Promise<{ code: number | null; output: string; ms: number }> {
    const began = Date.now();
    const child = spawn(process.execPath, serveArguments(0, "127.0.0.1"), {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: "",
        PGLITE_DIR: dir,
        LOG_LEVEL: "warn",
        SEED_ON_EMPTY: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    return new Promise((resolve) =>
      child.once("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, output, ms: Date.now() - began });
      }),
    );
  }

  it("is refused to a second process, which names it and the holder; the first keeps its data", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pfa-lock-"));
    const first = await own.start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    const { token, accountId } = await newAccount(first.baseUrl);

    const second = await serveOn(dir);
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`The database directory ${dir} is in use by process`);

    // The first process still reads and writes its data.
    const id = await uploadAndConfirm(first.baseUrl, token, accountId, statement(3).csv);
    await until("the import completes", 20_000, async () => {
      const job = await createClient(first.baseUrl).call("GET", `/api/v1/programmatic/imports/${id}`, { token });
      return job.body.data.attributes.status === "completed";
    });
    await first.stop();
    const reopened = await own.start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    expect(await balanceOf(reopened.baseUrl, token, accountId)).toBe("99.94");
    await reopened.stop();
  }, 180_000);

  it("left locked by a process that was killed is taken over", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pfa-stale-"));
    const killed = await own.start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    killed.child.kill("SIGKILL");
    await exited(killed);
    const next = await own.start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    expect((await fetch(`${next.baseUrl}/api/v1/health`)).status).toBe(200);
    await next.stop();
    // A lock file naming a process that does not run (a machine restarted) is taken over too.
    writeFileSync(
      path.join(dir, "pfa.lock"),
      JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), startedAt: "2026-01-01T00:00:00Z" }),
    );
    const after = await own.start({ databaseUrl: "", env: { PGLITE_DIR: dir, SEED_ON_EMPTY: "false" } });
    expect((await fetch(`${after.baseUrl}/api/v1/health`)).status).toBe(200);
    await after.stop();
  }, 180_000);
});
