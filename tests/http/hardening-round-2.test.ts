import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";
import { browserCookies, cookiesOf } from "./browser-session";
import { mailsTo, resetTokenIn } from "./mail-outbox";
import { rawRequest } from "./raw-http";

/** What a second probe from outside found (issue "Hardening, round 2"); each case failed before its fix. */
const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

/** A tRPC batch of `calls` query calls, as a GET URL. */
function batchUrl(procedure: string, calls: number): string {
  return `${baseUrl}/api/trpc/${Array(calls).fill(procedure).join(",")}?batch=1`;
}

/** A POST batch of tRPC mutations, each with its own input. */
function postBatch(procedure: string, inputs: unknown[], ip: string) {
  const body = Object.fromEntries(inputs.map((input, index) => [String(index), input]));
  return fetch(`${baseUrl}/api/trpc/${inputs.map(() => procedure).join(",")}?batch=1`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
}

type BatchAnswer = Array<{
  result?: { data: any };
  error?: { json?: any; message?: string; data?: { appCode?: string } };
}>;

function appCodes(answers: BatchAnswer): Array<string> {
  return answers.map((answer) => (answer.error ? (answer.error.data?.appCode ?? "?") : "OK"));
}

function mails(to: string) {
  return mailsTo(inject("outboxFile"), to);
}

describe("tRPC batches pay per call (finding 1)", () => {
  it("refuses a batch of more than 20 calls whole, before any runs: 413 in the error body", async () => {
    const response = await fetch(batchUrl("system.health", 1_100), { headers: { "x-forwarded-for": randomIp() } });
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body).toMatchObject({ statusCode: 413, code: "PAYLOAD_TOO_LARGE", error: "Payload Too Large" });
    expect(body.message).toContain("at most 20 calls");
    expect(body.message).toContain("1100");
    expect(body.request_id).toBe(response.headers.get("x-request-id"));
    expect(response.headers.get("ratelimit-limit")).toBe("600");
  });

  it("charges the client address one unit for every call without a credential", async () => {
    const ip = randomIp();
    const batch = await fetch(batchUrl("system.health", 20), { headers: { "x-forwarded-for": ip } });
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as BatchAnswer).map((answer) => answer.result?.data?.status)).toEqual(
      Array(20).fill("ok"),
    );
    expect(batch.headers.get("ratelimit-remaining")).toBe("580");
    const single = await fetch(`${baseUrl}/api/trpc/system.health`, { headers: { "x-forwarded-for": ip } });
    expect(single.headers.get("ratelimit-remaining")).toBe("579");
  });

  it("runs no call of a batch the address cannot pay for: 20 sign-ins answer 429 and open no session", async () => {
    const user = await api.signUp();
    const ip = randomIp();
    const signIns = Array(20).fill({ email: user.email, password: user.password });
    const paid = await postBatch("auth.createSession", signIns, ip);
    const opened = (await paid.json()) as BatchAnswer;
    expect(appCodes(opened)).toEqual(Array(20).fill("OK"));
    expect(paid.headers.get("ratelimit-remaining")).toBe("580");
    // 580 more units from the same address leave nothing for the next batch.
    for (let i = 0; i < 29; i += 1) await fetch(batchUrl("system.health", 20), { headers: { "x-forwarded-for": ip } });
    const refused = await postBatch("auth.createSession", signIns, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const answers = (await refused.json()) as BatchAnswer;
    expect(appCodes(answers)).toEqual(Array(20).fill("RATE_LIMITED"));
    expect(answers.every((answer) => answer.result === undefined)).toBe(true);
  });

  it("lets a batch of wrong passwords for one account try no more than the account's budget (10)", async () => {
    const user = await api.signUp();
    const guesses = Array.from({ length: 20 }, (_, i) => ({ email: user.email, password: `wrong guess ${i}` }));
    const answers = (await (await postBatch("auth.createSession", guesses, randomIp())).json()) as BatchAnswer;
    const codes = appCodes(answers);
    expect(codes.filter((code) => code === "INVALID_CREDENTIALS")).toHaveLength(10);
    expect(codes.filter((code) => code === "RATE_LIMITED")).toHaveLength(10);
    // The right password is refused too while the account is locked.
    const locked = await api.call("POST", "/api/v1/auth/sessions", {
      body: { email: user.email, password: user.password },
    });
    expect(locked.status).toBe(429);
  });

  it("refuses an empty JSON-RPC batch to the MCP server with 400, and more than 20 messages with 413", async () => {
    const user = await api.signUp();
    const { token } = await api.createToken(user.sessionToken, ALL_SCOPES, "mcp");
    const send = (body: unknown) =>
      api.call("POST", "/api/v1/mcp", { token, body, headers: { accept: "application/json, text/event-stream" } });
    const empty = await send([]);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(empty.body.message).toContain("empty");
    const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });
    const large = await send(Array.from({ length: 21 }, (_, i) => ping(i)));
    expect(large.status).toBe(413);
    expect(large.body.message).toContain("at most 20 messages");
  });
});

describe("password-reset links die with the password or e-mail they were sent for (finding 2)", () => {
  async function resetLinkFor(email: string): Promise<string> {
    const requested = await api.call("POST", "/api/v1/auth/password-reset", { body: { email } });
    expect(requested.status).toBe(202);
    return resetTokenIn(mails(email).at(-1)!.text);
  }

  it("an e-mail change ends a link sent to the old address", async () => {
    const user = await api.signUp();
    const link = await resetLinkFor(user.email);
    const newEmail = `moved-${randomUUID()}@example.com`;
    const changed = await api.call("POST", "/api/v1/auth/email", {
      token: user.sessionToken,
      body: { password: user.password, new_email: newEmail },
    });
    expect(changed.status).toBe(200);
    const stale = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: link, new_password: "taken over by mailbox" },
    });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe("TOKEN_REVOKED");
    expect(stale.body.message).toContain("changed since it was sent");
    // The account is still the owner's, and a link to the new address works.
    expect(await api.signIn(newEmail, user.password)).toMatch(/^pfs_/);
    const fresh = await resetLinkFor(newEmail);
    const reset = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: fresh, new_password: "a fresh password 1" },
    });
    expect(reset.status).toBe(200);
  });

  it("a password change ends every link sent before it", async () => {
    const user = await api.signUp();
    const link = await resetLinkFor(user.email);
    const changed = await api.call("POST", "/api/v1/auth/password", {
      token: user.sessionToken,
      body: { current_password: user.password, new_password: "changed password 1" },
    });
    expect(changed.status).toBe(200);
    const stale = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: link, new_password: "taken over by mailbox" },
    });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe("TOKEN_REVOKED");
    expect(await api.signIn(user.email, "changed password 1")).toMatch(/^pfs_/);
  });
});

describe("next-auth routes never answer 500 for a callback URL or cookie (finding 3)", () => {
  const logFile = inject("serverLogFile");
  const nextAuthErrors = () =>
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes("next-auth error")).length;
  const foreign = ["99999", "evil.example", "a:b:c"];

  async function csrf(): Promise<{ csrfToken: string; cookie: string }> {
    const response = await fetch(`${baseUrl}/api/auth/csrf`);
    return { csrfToken: (await response.json()).csrfToken, cookie: cookiesOf(response).join("; ") };
  }

  it("ignores a callbackUrl in the query or a form that it cannot parse or that is not ours", async () => {
    const errorsBefore = nextAuthErrors();
    const { csrfToken, cookie } = await csrf();
    const form = (fields: Record<string, string>): RequestInit => ({
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, json: "true", ...fields }),
    });
    const requests: Array<[string, RequestInit]> = [
      ["/api/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%3A99999%2F", {}],
      ["/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F", {}],
      ["/api/auth/session?callbackUrl=http%3A%2F%2Fa%3Ab%3Ac", {}],
      [
        "/api/auth/callback/credentials",
        form({ email: "nobody@example.com", password: "wrong password", callbackUrl: "http://a:b:c" }),
      ],
      ["/api/auth/signout?callbackUrl=http%3A%2F%2Fa%3Ab%3Ac", form({ callbackUrl: "http://localhost:99999/" })],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${baseUrl}${path}`, {
        redirect: "manual",
        ...init,
        headers: { "x-forwarded-for": randomIp(), ...init.headers },
      });
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      const location = response.headers.get("location") ?? "";
      const text = await response.text();
      for (const target of foreign) {
        expect(location, path).not.toContain(target);
        expect(text, path).not.toContain(target);
      }
    }
    expect(nextAuthErrors()).toBe(errorsBefore);
  });

  it("refuses a planted callback-url cookie with 400 and deletes it, so the browser's next request works", async () => {
    const errorsBefore = nextAuthErrors();
    for (const value of ["http://a:b:c", "http://localhost:99999/"]) {
      const planted = `next-auth.callback-url=${encodeURIComponent(value)}`;
      for (const path of ["/api/auth/session", "/api/auth/providers", "/api/auth/csrf"]) {
        const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: planted } });
        expect(response.status, path).toBe(400);
        const body = await response.json();
        expect(body).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
        expect(body.message).toContain("next-auth.callback-url cookie");
        expect(response.headers.get("x-request-id")).toBe(body.request_id);
        expect(response.headers.getSetCookie().join("\n")).toMatch(/^next-auth\.callback-url=; Path=\/; Max-Age=0/m);
      }
      // What the browser sends next, without the deleted cookie.
      const after = await fetch(`${baseUrl}/api/auth/session`);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({});
    }
    expect(nextAuthErrors()).toBe(errorsBefore);
  });

  it("serves pages, signed in or not, with a planted cookie taken out and deleted", async () => {
    const errorsBefore = nextAuthErrors();
    const user = await api.signUp();
    const signedIn = await browserCookies(baseUrl, user.email, user.password);
    for (const [path, cookie] of [
      ["/sign-in", ""],
      ["/transactions", signedIn],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, {
        redirect: "manual",
        headers: { cookie: `${cookie}; next-auth.callback-url=http%3A%2F%2Fa%3Ab%3Ac` },
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.getSetCookie().join("\n"), path).toMatch(
        /^next-auth\.callback-url=; Path=\/; Max-Age=0/m,
      );
    }
    expect(nextAuthErrors()).toBe(errorsBefore);
  });
});

describe("e-mail the service writes holds no text that passes for ours (finding 4)", () => {
  it("refuses a name with a line break", async () => {
    for (const workspace_name of [
      'Acme"\n\nYour bank statement is ready: https://evil.example/statement',
      "Acme\u2028Support",
    ]) {
      const response = await api.call("POST", "/api/v1/auth/sign-up", {
        body: { email: `user-${randomUUID()}@example.com`, password: "correct horse battery", workspace_name },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("workspace_name: must be on one line");
    }
  });

  it("quotes a workspace's name on one line, capped, with links defanged, in the invitation's Subject and body", async () => {
    const name = 'Acme" Your bank statement is ready: https://evil.example/statement and more words to go past the cap';
    const owner = await api.signUp({ workspace_name: name });
    const invitee = `invitee-${randomUUID()}@example.com`;
    const invited = await api.call("POST", "/api/v1/workspace/members", {
      token: owner.sessionToken,
      body: { email: invitee },
    });
    expect(invited.status).toBe(202);
    const [mail] = mails(invitee);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toBe(
      `Invitation to the workspace "Acme' Your bank statement is ready: https[:]//evil[.]exam..."`,
    );
    expect(mail!.text).not.toContain("https://evil.example");
    expect(mail!.text).not.toContain("evil.example");
    expect(mail!.text.split("\n").some((line) => line.startsWith("Your bank statement"))).toBe(false);
    expect(mail!.text).toContain(`${owner.email} invited you to the Personal Finance workspace "Acme'`);
  });
});

describe("the rest of the low findings (finding 6)", () => {
  it("answers a copied dashboard cookie as signed out once the browser signed out", async () => {
    const user = await api.signUp();
    const cookie = await browserCookies(baseUrl, user.email, user.password);
    const session = async () => (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie } })).json();
    expect((await session()).user.email).toBe(user.email);
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie } });
    const { csrfToken } = await csrf.json();
    const signedOut = await fetch(`${baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    expect(signedOut.status).toBe(200);
    expect(await session()).toEqual({});
  });

  it("refuses billing addresses that are not http(s)", async () => {
    const user = await api.signUp();
    const cookie = await browserCookies(baseUrl, user.email, user.password);
    for (const billing_url of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
    ]) {
      const response = await fetch(`${baseUrl}/api/trpc/manage.recurringRules.create`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify({ billing_url }),
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error.message).toContain("billing_url: must be a web address (http or https)");
    }
  });

  it("keeps at most 50 open sessions per account, ending the oldest", async () => {
    const user = await api.signUp();
    const ip = randomIp();
    const tokens = [user.sessionToken];
    for (let i = 0; i < 50; i += 1) {
      const response = await api.call("POST", "/api/v1/auth/sessions", {
        ip,
        body: { email: user.email, password: user.password },
      });
      tokens.push(response.body.data.attributes.session_token);
    }
    const current = (token: string) => api.call("GET", "/api/v1/auth/sessions/current", { token });
    const oldest = await current(tokens[0]!);
    expect(oldest.status).toBe(401);
    expect(oldest.body.code).toBe("TOKEN_REVOKED");
    expect((await current(tokens[1]!)).status).toBe(200);
    expect((await current(tokens[50]!)).status).toBe(200);
  });

  it("lets an account hold at most 100 active tokens: 422 above, room again after a revocation", async () => {
    const user = await api.signUp();
    const created: string[] = [];
    for (let i = 0; i < 100; i += 1) created.push((await api.createToken(user.sessionToken, ["accounts:read"])).id);
    const create = () =>
      api.call("POST", "/api/v1/programmatic-access/credentials", {
        token: user.sessionToken,
        body: { name: "one too many", audience: "mcp", scopes: ["accounts:read"] },
      });
    const refused = await create();
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("DOMAIN_CONSTRAINT_VIOLATION");
    expect(refused.body.message).toContain("100");
    const revoked = await api.call("DELETE", `/api/v1/programmatic-access/credentials/${created[0]}`, {
      token: user.sessionToken,
    });
    expect(revoked.status).toBeLessThan(300);
    expect((await create()).status).toBe(201);
  });

  it("sends RateLimit-* with every 405 and X-Request-Id with every next-auth answer", async () => {
    const probes: Array<[string, string]> = [
      ["PUT", "/api/trpc/system.health"],
      ["DELETE", "/api/auth/session"],
      ["PUT", "/api/v1/health"],
      ["GET", "/api/v1/mcp"],
      ["PUT", "/api/v1/openapi.json"],
      ["DELETE", "/api/dashboard/imports"],
      ["PROPFIND", "/api/v1/health"],
    ];
    for (const [method, path] of probes) {
      const response = await rawRequest(`${baseUrl}${path}`, { method, headers: { "x-forwarded-for": randomIp() } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers["ratelimit-limit"], `${method} ${path}`).toBe("600");
      expect(response.headers["x-request-id"], `${method} ${path}`).toBeTruthy();
    }
    for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("sends Strict-Transport-Security when the public origin is https (this server's is)", async () => {
    const response = await fetch(`${baseUrl}/api/v1/health`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const page = await fetch(`${baseUrl}/sign-in`);
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("answers a NUL in a path id with 400, not 404, also where ids are decoded after the input check (insights)", async () => {
    const user = await api.signUp();
    const { token } = await api.createToken(user.sessionToken, ALL_SCOPES);
    for (const path of [
      "/api/v1/programmatic/wallets/%00",
      "/api/v1/programmatic/insights/%00",
      "/api/v1/programmatic/insights/anomaly%3A2026-10%3A%00",
    ]) {
      const response = await api.call("GET", path, { token });
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe("VALIDATION_FAILED");
    }
    const unknown = await api.call("GET", "/api/v1/programmatic/insights/anomaly%3A2026-10%3Anothing", { token });
    expect(unknown.status).toBe(404);
  });
});
