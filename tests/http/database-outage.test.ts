import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cookiesOf } from "./browser-session";
import { ALL_SCOPES, createClient, randomIp } from "./client";
import { createPostgresDatabase, postgres } from "./postgres";
import { startServer, type RunningServer } from "./server";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

/** The database going away under a running server (a TCP proxy cut and restored): 503s, the log, and recovery. */

describe.runIf(postgres)("the database becoming unreachable", () => {
  let server: RunningServer;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const database = await createPostgresDatabase(postgres!);
    const target = new URL(database.url);
    proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    target.hostname = "127.0.0.1";
    target.port = String(proxy.port);
    server = await startServer({
      // Info: the worker's "the database answers again" tells the second test the first one's outage is over.
      env: {
        SEED_ON_EMPTY: "false",
        NEXTAUTH_SECRET: "http-test-only-nextauth-secret-0123456789",
        LOG_LEVEL: "info",
      },
      databaseUrl: target.href,
    });
    // Dropped with the server: startServer only drops databases it created itself.
    const stop = server.stop;
    server.stop = async () => {
      await stop();
      await proxy.close();
      await database.drop();
    };
  });
  afterAll(async () => server?.stop());
  // A failed test must not leave the database away for the next one.
  afterEach(() => proxy?.restore());

  it("answers 503 SERVICE_UNAVAILABLE with Retry-After on every endpoint, and recovers", async () => {
    const local = createClient(server.baseUrl);
    const user = await local.signUp();
    const { token } = await local.createToken(user.sessionToken, ALL_SCOPES);
    proxy.cut();
    for (const [path, options] of [
      ["/api/v1/programmatic/wallets", { token }],
      ["/api/v1/auth/sessions/current", { token: user.sessionToken }],
      ["/api/v1/auth/sessions", { body: { email: user.email, password: user.password } }],
    ] as const) {
      const response = await local.call(path.endsWith("/sessions") ? "POST" : "GET", path, options);
      expect([path, response.status, response.body.code]).toEqual([path, 503, "SERVICE_UNAVAILABLE"]);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const trpc = await local.call("POST", "/api/trpc/categories.create", {
      token: user.sessionToken,
      body: { name: "Groceries", kind: "expense" },
    });
    expect(trpc.status).toBe(503);
    expect(trpc.headers.get("retry-after")).toBe("5");
    const health = await local.call("GET", "/api/v1/health");
    expect([health.status, health.body.database]).toEqual([503, "unavailable"]);
    expect(health.headers.get("retry-after")).toBe("5");
    proxy.restore();
    expect((await local.call("GET", "/api/v1/programmatic/wallets", { token })).status).toBe(200);
  });

  it("logs an unreachable database as a warning: the dashboard's sign-in, and the workers once per outage", async () => {
    const local = createClient(server.baseUrl);
    const user = await local.signUp();
    const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    // The worker warns once per outage: when it met the previous test's outage, a pass must first
    // see the database back (it says so), or this one is the same outage to it.
    const count = (text: string, what: string) => text.split(what).length - 1;
    const outageOver = () => {
      const log = readFileSync(server.logFile, "utf8");
      return (
        count(log, "import worker pass: database unreachable") <=
        count(log, "import worker pass: the database answers again")
      );
    };
    for (const started = Date.now(); !outageOver() && Date.now() - started < 30_000;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outageOver()).toBe(true);
    const logBefore = readFileSync(server.logFile, "utf8").length;
    proxy.cut();
    const signIn = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookiesOf(csrf).join("; "),
        "x-forwarded-for": randomIp(),
      },
      body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, json: "true" }),
    });
    expect((await signIn.json()).url).toContain("error=SERVICE_UNAVAILABLE");
    // The import worker polls every 2 s: the outage lasts until a pass has met it (a pass may wait
    // on the machine's other work, so it is watched for rather than timed), and a few more.
    const workerMet = () =>
      readFileSync(server.logFile, "utf8").slice(logBefore).includes("import worker pass: database unreachable");
    for (const started = Date.now(); !workerMet() && Date.now() - started < 30_000;)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    proxy.restore();
    expect((await local.call("GET", "/api/v1/health")).status).toBe(200);
    const entries = readFileSync(server.logFile, "utf8")
      .slice(logBefore)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(entries.filter((entry) => entry.msg === "dashboard sign-in: database unreachable")).toHaveLength(1);
    expect(entries.filter((entry) => /^import worker pass: database unreachable/.test(entry.msg))).toHaveLength(1);
  });
});
