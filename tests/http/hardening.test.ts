import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";
import { parseRawAnswer, rawExchange, rawRequest, residentBytes, sendLargeBody } from "./raw-http";
import { createPostgresDatabase } from "../../server/db/testing";
import { startServer, type RunningServer } from "./server";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";
import { cookiesOf } from "./browser-session";
import { mailsTo, resetTokenIn } from "./mail-outbox";

/** What an API on the open internet meets: forged addresses, hostile bodies, odd methods (issue "Hardening"). */
const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const ERROR_KEYS = ["code", "error", "message", "request_id", "statusCode"];

describe("client address without TRUST_PROXY (the default)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: "", SEED_ON_EMPTY: "false" } });
  });
  afterAll(async () => server?.stop());

  function signIn(from: string, forwardedFor: string, email: string) {
    return rawRequest(`${server.baseUrl}/api/v1/auth/sessions`, {
      method: "POST",
      localAddress: from,
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ email, password: "a wrong password" }),
    });
  }

  it("ignores X-Forwarded-For: 40 wrong passwords from 40 forged addresses meet 429 at the 31st", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      // A different account each time, so only the address budget can stop it.
      statuses.push(
        (await signIn("127.0.0.3", `203.0.113.${i + 1}`, `victim-${i}-${randomUUID()}@example.com`)).status,
      );
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it("does not let a client spend another client's budget by naming its address", async () => {
    for (let i = 0; i < 31; i += 1) await signIn("127.0.0.2", "127.0.0.4", `nobody-${i}@example.com`);
    expect((await signIn("127.0.0.2", "127.0.0.4", "nobody@example.com")).status).toBe(429);
    const victim = await signIn("127.0.0.4", "", "someone@example.com");
    expect(victim.status).toBe(401);
    expect(victim.json().code).toBe("INVALID_CREDENTIALS");
  });
});

describe("sign-in budget per account", () => {
  it("answers 429 after 10 wrong passwords for one account from 10 addresses, even for the right password", async () => {
    const user = await api.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await api.call("POST", "/api/v1/auth/sessions", {
        body: { email: user.email, password: `wrong password ${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const right = await api.call("POST", "/api/v1/auth/sessions", {
      body: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe("RATE_LIMITED");
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(60);
    // The session it already had still works: only new sign-ins wait.
    expect((await api.call("GET", "/api/v1/auth/sessions/current", { token: user.sessionToken })).status).toBe(200);
  });

  it("answers an unknown address exactly like a known one", async () => {
    const unknown = `nobody-${randomUUID()}@example.com`;
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(
        await api.call("POST", "/api/v1/auth/sessions", { body: { email: unknown, password: `wrong password ${i}` } }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429]);
    expect(answers[10]!.body.message).toBe("Too many failed sign-in attempts for this account; retry later.");
  });
});

describe("links in e-mails", () => {
  it("are built on the configured origin, never from Host or X-Forwarded-Host", async () => {
    const user = await api.signUp();
    const response = await api.call("POST", "/api/v1/auth/password-reset", {
      body: { email: user.email },
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(response.status).toBe(202);
    const [mail] = mailsTo(inject("outboxFile"), user.email);
    expect(mail?.text).toContain(`${inject("publicOrigin")}/reset-password?token=pfr_`);
    expect(mail?.text).not.toContain("evil.example");
  });
});

describe("password reset tokens", () => {
  it("using one ends every other outstanding token of the user", async () => {
    const user = await api.signUp();
    for (let i = 0; i < 2; i += 1)
      await api.call("POST", "/api/v1/auth/password-reset", { body: { email: user.email } });
    const [first, second] = mailsTo(inject("outboxFile"), user.email).map((mail) => resetTokenIn(mail.text));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const used = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: second, new_password: "the new password 1" },
    });
    expect(used.status).toBe(200);
    const stale = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: first, new_password: "the new password 2" },
    });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe("TOKEN_REVOKED");
    expect(await api.signIn(user.email, "the new password 1")).toMatch(/^pfs_/);
  });
});

describe("sign-up and reset requests are rate-limited", () => {
  it("allows 20 sign-ups an hour from one address", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await api.call("POST", "/api/v1/auth/sign-up", {
        ip,
        body: { email: `burst-${i}-${randomUUID()}@example.com`, password: "long enough password" },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
  });

  it("sends at most 3 reset e-mails an hour to one address, and answers unknown addresses alike", async () => {
    const user = await api.signUp();
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (const email of [user.email, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await api.call("POST", "/api/v1/auth/password-reset", { body: { email } })).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
    expect(mailsTo(inject("outboxFile"), user.email)).toHaveLength(3);
  });
});

describe("request bodies are capped at 1 MiB", () => {
  const routes = ["/api/v1/auth/sessions", "/api/trpc/auth.createSession", "/api/auth/callback/credentials"];

  it.each(routes)("answers 413 PAYLOAD_TOO_LARGE to 2 MiB of JSON on %s", async (path) => {
    const body = JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) });
    // Over a bare socket, the 2 MiB declared and the first 64 KiB sent: the server answers from
    // Content-Length without waiting for the rest. (Sending it whole races the server's hang-up:
    // the client's write fails with EPIPE and the answer is lost with the connection.)
    const { host } = new URL(baseUrl);
    const head = `POST ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`;
    const answer = parseRawAnswer(await rawExchange(baseUrl, head + body.slice(0, 64 * 1024)));
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe("PAYLOAD_TOO_LARGE");
    expect(Object.keys(answer.body).sort()).toEqual(ERROR_KEYS);
  });

  it("stops reading a body without Content-Length at the cap instead of reading it whole", async () => {
    const pid = inject("serverPid");
    const before = await residentBytes(pid);
    // 256 MiB, chunked: the server must answer long before the end.
    const answer = await sendLargeBody(baseUrl, "/api/v1/auth/sessions", {
      totalBytes: 256 * 1024 * 1024,
      declareLength: false,
    });
    expect(answer.status).toBe(413);
    expect(answer.sentBytes).toBeLessThan(64 * 1024 * 1024);
    const growth = (await residentBytes(pid)) - before;
    expect(growth).toBeLessThan(32 * 1024 * 1024);
  });
});

describe("control characters in text", () => {
  it.each([
    ["/api/v1/auth/sessions", { email: "a\u0000@example.com", password: "whatever password" }, "email"],
    ["/api/v1/auth/sign-up", { email: "new@example.com", password: "long enough password", name: "Ada\u0000" }, "name"],
    ["/api/v1/auth/password-reset", { email: "x\u0000@example.com" }, "email"],
  ])("answers 400 naming the field, never 500, on %s", async (path, body, field) => {
    const response = await api.call("POST", path, { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toContain(`${field}: must not contain control characters`);
  });

  it("rejects NUL in a template's text fields and in query strings after authentication", async () => {
    const user = await api.signUp();
    const { token } = await api.createToken(user.sessionToken, ALL_SCOPES);
    for (const [field, value] of [
      ["name", "Rent\u0000"],
      ["notes", "a\u0000b"],
      ["tags", ["ok", "b\u0000d"]],
    ] as const) {
      const response = await api.call("POST", "/api/v1/programmatic/transaction-templates", {
        token,
        headers: { "idempotency-key": `nul-${randomUUID()}` },
        body: { direction: "expense", name: "Rent", description: "Monthly rent", [field]: value },
      });
      expect([response.status, response.body.code]).toEqual([400, "VALIDATION_FAILED"]);
      expect(response.body.message).toContain(field === "tags" ? "tags.1" : field);
    }
    const query = await api.call("GET", `/api/v1/programmatic/categories?cursor=${encodeURIComponent("a\u0000")}`, {
      token,
    });
    expect([query.status, query.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(query.body.message).toContain("cursor");
  });
});

describe("every answer under /api is in the error body", () => {
  it.each(["/api/v1/health", "/", "/sign-in", "/api/v2/wallets"])("answers TRACE on %s with 405 JSON", async (path) => {
    const response = await rawRequest(`${baseUrl}${path}`, { method: "TRACE" });
    expect(response.status).toBe(405);
    expect(response.json()).toMatchObject({ statusCode: 405, code: "METHOD_NOT_ALLOWED" });
    expect(response.headers["x-request-id"]).toBe(response.json().request_id);
  });

  it("answers CONNECT and methods Node does not know with 405 JSON", async () => {
    for (const method of ["CONNECT example.com:443", "BREW /api/v1/health"]) {
      const answer = parseRawAnswer(await rawExchange(baseUrl, `${method} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(answer.status).toBe(405);
      expect(answer.body.code).toBe("METHOD_NOT_ALLOWED");
    }
  });

  it("answers headers or a URL over 16 KiB with 431 JSON", async () => {
    const bigHeader = parseRawAnswer(
      await rawExchange(baseUrl, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(17_000)}\r\n\r\n`),
    );
    const bigUrl = parseRawAnswer(
      await rawExchange(baseUrl, `GET /api/v1/health?q=${"a".repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    for (const answer of [bigHeader, bigUrl]) {
      expect(answer.status).toBe(431);
      expect(answer.body).toMatchObject({
        statusCode: 431,
        code: "REQUEST_HEADERS_TOO_LARGE",
        error: "Request Header Fields Too Large",
      });
    }
  });

  it.each(["/API/V1/health", "/api/v2/wallets", "/api", "/Api/Trpc/x", "/api/v1/nothing-here"])(
    "answers %s with a JSON 404",
    async (path) => {
      const response = await api.call("GET", path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ statusCode: 404, code: "ROUTE_NOT_FOUND" });
      expect(response.headers.get("content-type")).toContain("application/json");
    },
  );

  it.each([
    ["GET", "/api/auth/nothing"],
    ["GET", "/api/auth/callback/nothing"],
    ["POST", "/api/auth/nothing"],
    ["GET", "/api/auth/session/extra"],
    ["POST", "/api/auth/_log"],
  ])("answers %s %s (no next-auth action) with a JSON 404", async (method, path) => {
    const response = await api.call(method, path);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: "ROUTE_NOT_FOUND" });
    expect(Number(response.headers.get("ratelimit-limit"))).toBeGreaterThan(0);
  });

  it("answers next-auth's actions with a method they do not take with a JSON 405 naming theirs", async () => {
    for (const [method, path, allow] of [
      ["GET", "/api/auth/callback/credentials", "POST"],
      ["PUT", "/api/auth/session", "GET, POST"],
      ["PUT", "/api/trpc/credentials.list", "GET, POST"],
    ] as const) {
      const response = await api.call(method, path);
      expect([method, path, response.status, response.body.code]).toEqual([method, path, 405, "METHOD_NOT_ALLOWED"]);
      expect(response.headers.get("allow")).toBe(allow);
    }
  });

  it("checks a malformed or non-JSON body after authentication and scope (401 > 403 > 400)", async () => {
    const user = await api.signUp();
    const reader = await api.createToken(user.sessionToken, ["wallets:read"]);
    const writer = await api.createToken(user.sessionToken, ["transaction_templates:create"]);
    const send = (token: string | undefined, body: string, contentType: string) =>
      rawRequest(`${baseUrl}/api/v1/programmatic/transaction-templates`, {
        method: "POST",
        headers: {
          "content-type": contentType,
          "idempotency-key": `body-${randomUUID()}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
    for (const [body, contentType, problem] of [
      ['{"direction": "expense",', "application/json", "not valid JSON"],
      ['{"direction": "expense"}', "text/plain", "Content-Type: application/json"],
    ] as const) {
      expect((await send(undefined, body, contentType)).json().code).toBe("TOKEN_MISSING");
      expect((await send(reader.token, body, contentType)).json().code).toBe("INSUFFICIENT_SCOPE");
      const invalid = await send(writer.token, body, contentType);
      expect(invalid.status).toBe(400);
      expect(invalid.json().message).toContain(problem);
    }
  });

  it("puts RateLimit-* on health, the OpenAPI document, unknown paths and 405s", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/health"],
      ["GET", "/api/v1/openapi.json"],
      ["GET", "/api/v2/nothing"],
      ["PUT", "/api/v1/health"],
      ["GET", "/api/auth/csrf"],
      ["GET", "/api/dashboard/imports"],
      ["GET", "/api/v1/programmatic/imports"],
      ["TRACE", "/api/v1/health"],
      ["TRACE", "/api/trpc/credentials.list"],
      ["TRACE", "/api/v2/nothing"],
    ]) {
      // fetch refuses to send TRACE; node:http sends any method.
      const response = await rawRequest(`${baseUrl}${path}`, { method, headers: { "x-forwarded-for": randomIp() } });
      expect(Number(response.headers["ratelimit-limit"]), `${method} ${path}`).toBeGreaterThan(0);
      expect(response.headers["ratelimit-remaining"], `${method} ${path}`).toBeDefined();
    }
  });

  it("names in Allow what the route serves when refusing a method no route serves", async () => {
    for (const [path, allow] of [
      ["/api/v1/health", "GET"],
      ["/api/dashboard/imports", "POST"],
      ["/api/trpc/credentials.list", "GET, POST"],
    ]) {
      const response = await rawRequest(`${baseUrl}${path}`, { method: "TRACE" });
      expect([path, response.status, response.headers.allow]).toEqual([path, 405, allow]);
    }
  });
});

describe("sign-out", () => {
  it("ends a session that was already ended (204 again) and refuses an unknown token", async () => {
    const user = await api.signUp();
    expect((await api.call("DELETE", "/api/v1/auth/sessions/current", { token: user.sessionToken })).status).toBe(204);
    expect((await api.call("DELETE", "/api/v1/auth/sessions/current", { token: user.sessionToken })).status).toBe(204);
    const unknown = await api.call("DELETE", "/api/v1/auth/sessions/current", {
      token: "pfs_000000000000000000000000000000000000000000",
    });
    expect(unknown.status).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the database becoming unreachable", () => {
  let server: RunningServer;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
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
    const trpc = await local.call("POST", "/api/trpc/manage.categories.create", {
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
