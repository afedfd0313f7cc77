import { describe, expect, it } from "vitest";
import { createClient } from "./client";
import { balanceOf, exited, newAccount, ownServers, statement, until, uploadAndConfirm } from "./instances-testing";
import { postgres, query } from "./postgres";

/**
 * Several instances on one PostgreSQL: started together on an empty database, and a booking taken
 * over from an instance killed under it but not from a live one. Each test starts servers of its own
 * (run apart from the shared server).
 */

/** A takeover after 6 s instead of 15 (server/env.ts): the takeover tests wait for that, not for the default. */
const QUICK_TAKEOVER = { PFA_TEST_TAKEOVER_AFTER_MS: "6000" };

const own = ownServers();

describe.skipIf(!postgres)("several instances on one PostgreSQL", () => {
  it("six instances started together on an empty database all become healthy, and the demo is seeded once", async () => {
    const database = await own.createDatabase();
    const servers = await Promise.all(
      Array.from({ length: 6 }, () =>
        own.start({ databaseUrl: database.url, env: { DATABASE_POOL_MAX: "4", LOG_LEVEL: "info" } }),
      ),
    );
    for (const server of servers) expect((await fetch(`${server.baseUrl}/api/v1/health`)).status).toBe(200);
    // One instance seeded; the others found it done (a second seed would replace the first unseen).
    const seeds = servers.flatMap((server) => server.output().match(/seeding the demo workspace/g) ?? []);
    expect(seeds).toHaveLength(1);

    const [counts] = await query<Record<string, number>>(
      database.url,
      `SELECT (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM workspaces) AS workspaces,
              (SELECT count(*)::int FROM memberships) AS memberships,
              (SELECT count(*)::int FROM wallets) AS wallets,
              (SELECT count(DISTINCT name)::int FROM wallets) AS wallet_names,
              (SELECT count(*)::int FROM categories) AS categories,
              (SELECT count(DISTINCT (name, group_id))::int FROM categories) AS category_names,
              (SELECT count(*)::int FROM service_state WHERE key = 'demo_seed' AND value = 'finished') AS finished`,
    );
    expect(counts).toMatchObject({ users: 1, workspaces: 1, memberships: 1, finished: 1 });
    expect(counts!.wallets).toBeGreaterThan(0);
    expect(counts!.wallets).toBe(counts!.wallet_names);
    expect(counts!.categories).toBeGreaterThan(0);
    expect(counts!.categories).toBe(counts!.category_names);
    // Every instance signs the demo in.
    for (const server of servers) {
      const signIn = await createClient(server.baseUrl).call("POST", "/api/v1/auth/sessions", {
        body: { email: "demo@example.com", password: "demo-password-1234" },
      });
      expect(signIn.status).toBe(201);
    }
    await Promise.all(servers.map((server) => server.stop()));
  }, 240_000);

  it("a booking whose process is killed is taken over by another instance and completes exactly once", async () => {
    const database = await own.createDatabase();
    // The booking holds its lock 6 s before writing: long enough to be killed in the middle.
    const first = await own.start({
      databaseUrl: database.url,
      env: { PFA_TEST_BOOKING_DELAY_MS: "6000", SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER },
    });
    const { token, accountId } = await newAccount(first.baseUrl);
    const { csv, total } = statement(20_000);
    const id = await uploadAndConfirm(first.baseUrl, token, accountId, csv);
    // Killed while its booking holds the job's advisory lock (server/jobs/import-worker.ts), not before.
    await until("the booking holds the job's lock", 15_000, async () => {
      const [held] = await query<{ held: boolean }>(
        database.url,
        `SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN import_jobs j ON j.id = $1
                         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                           AND l.classid = 7242001
                           AND l.objid = (hashtext(j.id::text)::bigint & 4294967295)::oid) AS held`,
        [id],
      );
      return held?.held === true;
    });
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    await exited(first);

    const second = await own.start({ databaseUrl: database.url, env: { SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER } });
    const job = await until(
      "the import is completed by the other instance",
      30_000 - (Date.now() - killedAt),
      async () => {
        const [row] = await query<{ status: string; imported_count: number; attempts: number }>(
          database.url,
          "SELECT status, imported_count, attempts FROM import_jobs WHERE id = $1",
          [id],
        );
        return row?.status === "completed" ? row : null;
      },
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(job).toMatchObject({ imported_count: 20_000, attempts: 2 });
    const [booked] = await query<{ rows: number; cents: number }>(
      database.url,
      "SELECT count(*)::int AS rows, (sum(amount) * 100)::int AS cents FROM transactions WHERE import_job_id = $1",
      [id],
    );
    expect(booked).toEqual({ rows: 20_000, cents: total });
    expect(await balanceOf(second.baseUrl, token, accountId)).toBe(((10_000 + total) / 100).toFixed(2));
    expect(second.output()).not.toMatch(/"level":50/);
  }, 240_000);

  it("a booking that outlasts the takeover delay on a live instance is not taken over", async () => {
    const database = await own.createDatabase();
    const slow = await own.start({
      databaseUrl: database.url,
      env: { PFA_TEST_BOOKING_DELAY_MS: "10000", SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER },
    });
    await own.start({ databaseUrl: database.url, env: { SEED_ON_EMPTY: "false", ...QUICK_TAKEOVER } });
    const { token, accountId } = await newAccount(slow.baseUrl);
    const { total } = statement(50);
    const id = await uploadAndConfirm(slow.baseUrl, token, accountId, statement(50).csv);
    const job = await until("the import is completed", 45_000, async () => {
      const [row] = await query<{ status: string; imported_count: number; attempts: number }>(
        database.url,
        "SELECT status, imported_count, attempts FROM import_jobs WHERE id = $1",
        [id],
      );
      return row?.status === "completed" ? row : null;
    });
    expect(job).toMatchObject({ imported_count: 50, attempts: 1 });
    expect(await balanceOf(slow.baseUrl, token, accountId)).toBe(((10_000 + total) / 100).toFixed(2));
  }, 180_000);
});
