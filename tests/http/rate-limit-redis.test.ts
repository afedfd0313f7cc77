import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "./client";
import { createPostgresDatabase, postgres } from "./postgres";
import { CURRENT, LIMITS } from "./rate-limit-settings";
import { startServer, type RunningServer } from "./server";

/**
 * Two instances on one PostgreSQL database share their counters through Redis. On its own file so
 * that the one-instance tests (rate-limit.test.ts), whose counters live in the server's memory
 * whatever its database, run on PGlite only.
 */

describe("rate limits shared by two instances through Redis", () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  let servers: RunningServer[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!redisUrl || !postgres) return;
    const database = await createPostgresDatabase(postgres);
    dropDatabase = database.drop;
    const env = { ...LIMITS, REDIS_URL: redisUrl };
    servers = [await startServer({ env, databaseUrl: database.url })];
    servers.push(await startServer({ env, databaseUrl: database.url }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await dropDatabase?.();
  });

  it("spends one budget across instances", async (context) => {
    if (!redisUrl || !postgres) context.skip("needs TEST_REDIS_URL and TEST_DATABASE_URL (set by .ci/run)");
    const [a, b] = servers.map((server) => createClient(server.baseUrl));
    const user = await a!.signUp();
    const { token } = await a!.createToken(user.sessionToken, ["wallets:read"]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const client = i % 2 === 0 ? a! : b!;
      statuses.push((await client.call("GET", CURRENT, { token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const onB = await b!.call("GET", CURRENT, { token });
    expect([onB.status, onB.headers.get("ratelimit-remaining")]).toEqual([429, "0"]);
  });
});
