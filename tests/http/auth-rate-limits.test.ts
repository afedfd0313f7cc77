import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient, randomIp } from "./client";
import { mailsTo } from "./mail-outbox";
import { rawRequest } from "./raw-http";
import { startServer, type RunningServer } from "./server";

/**
 * The budgets that stop guessing and flooding on the auth routes: failed sign-ins per client address
 * (forged X-Forwarded-For cannot move it) and per account, sign-ups and reset e-mails per hour.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

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
