import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, randomIp } from "./client";
import { CURRENT, LIMITS } from "./rate-limit-settings";
import { startServer, type RunningServer } from "./server";

describe("rate limits on one instance", () => {
  let server: RunningServer;
  let api: ReturnType<typeof createClient>;

  beforeAll(async () => {
    server = await startServer({ env: LIMITS });
    api = createClient(server.baseUrl);
  });
  afterAll(async () => server?.stop());

  it("gives each credential its budget per minute, then 429 with Retry-After", async () => {
    const user = await api.signUp();
    const first = await api.createToken(user.sessionToken, ["wallets:read"]);
    const second = await api.createToken(user.sessionToken, ["wallets:read"]);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await api.call("GET", CURRENT, { token: first.token });
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("5");
      remaining.push(response.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);

    const limited = await api.call("GET", CURRENT, { token: first.token });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, code: "RATE_LIMITED", error: "Too Many Requests" });
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-request-id")).toBe(limited.body.request_id);

    // The budget is the credential's, not the user's.
    expect((await api.call("GET", CURRENT, { token: second.token })).status).toBe(200);
  });

  it("limits failed authentication per client address, before even checking the credentials", async () => {
    const user = await api.signUp();
    const { token } = await api.createToken(user.sessionToken, ["wallets:read"]);
    const attacker = randomIp();
    for (let i = 0; i < 3; i += 1) {
      const response = await api.call("GET", CURRENT, { token: `pfa_guess${i}`, ip: attacker });
      expect([response.status, response.body.code]).toEqual([401, "TOKEN_INVALID"]);
    }
    const blocked = await api.call("GET", CURRENT, { token: "pfa_guess3", ip: attacker });
    expect([blocked.status, blocked.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const rightPassword = await api.call("POST", "/api/v1/auth/sessions", {
      ip: attacker,
      body: { email: user.email, password: user.password },
    });
    expect(rightPassword.status).toBe(429);
    // Another address is not affected.
    expect((await api.call("GET", CURRENT, { token, ip: randomIp() })).status).toBe(200);
  });

  it("counts wrong passwords at sign-in", async () => {
    const user = await api.signUp();
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await api.call("POST", "/api/v1/auth/sessions", {
        ip,
        body: { email: user.email, password: `wrong ${i} password` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("answers 429 RATE_LIMITED on the multipart upload, which Next serves, once a token's budget is spent", async () => {
    const user = await api.signUp();
    const { token } = await api.createToken(user.sessionToken, ["imports:create"]);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      // No file: each attempt is refused, but only after authentication has spent the budget.
      last = await fetch(`${server.baseUrl}/api/v1/programmatic/imports`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "idempotency-key": `upload-${i}-${user.userId}` },
        body: new FormData(),
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429 && status < 500)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(await last!.json()).toMatchObject({ statusCode: 429, code: "RATE_LIMITED" });
  });

  it("answers 429 on the dashboard's tRPC, which Next serves, once a session's budget is spent", async () => {
    const user = await api.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${server.baseUrl}/api/trpc/auth.currentSession`, {
        headers: { authorization: `Bearer ${user.sessionToken}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
