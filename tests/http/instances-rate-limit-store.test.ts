import { describe, expect, it } from "vitest";
import { createClient } from "./client";
import { ownServers } from "./instances-testing";
import { postgres } from "./postgres";

/** Which store an instance's rate limits live in, by REDIS_URL. Its servers are its own (run apart from the shared server). */

const own = ownServers();

// Run once, in the suite's PGlite pass: which store serves does not depend on the database.
describe.skipIf(postgres)("the rate-limit store", () => {
  it("is memory with REDIS_URL empty, and says Redis is unavailable, warning once, when it cannot be reached", async () => {
    const [empty, unreachable] = await Promise.all([
      own.start({ env: { REDIS_URL: "", SEED_ON_EMPTY: "false" } }),
      own.start({ env: { REDIS_URL: "redis://127.0.0.1:1", SEED_ON_EMPTY: "false" } }),
    ]);
    expect(await (await fetch(`${empty.baseUrl}/api/v1/health`)).json()).toMatchObject({
      status: "ok",
      rate_limit_store: "memory",
    });
    const health = await fetch(`${unreachable.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", rate_limit_store: "memory (redis unavailable)" });
    // Requests are served meanwhile, each instance counting in its own memory.
    const signUp = await createClient(unreachable.baseUrl).signUp();
    expect(signUp.sessionToken).toMatch(/\S/);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(unreachable.output().match(/redis unavailable: rate limits fall back/g)).toHaveLength(1);
    await Promise.all([empty.stop(), unreachable.stop()]);
  }, 120_000);

  it.skipIf(!process.env.TEST_REDIS_URL)(
    "is redis when Redis answers",
    async () => {
      const server = await own.start({ env: { REDIS_URL: process.env.TEST_REDIS_URL!, SEED_ON_EMPTY: "false" } });
      expect(await (await fetch(`${server.baseUrl}/api/v1/health`)).json()).toMatchObject({
        rate_limit_store: "redis",
      });
      await server.stop();
    },
    120_000,
  );
});
