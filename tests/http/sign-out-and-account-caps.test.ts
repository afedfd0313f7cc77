import { describe, expect, inject, it } from "vitest";
import { browserCookies } from "./browser-session";
import { createClient, randomIp } from "./client";

/** How sessions end (sign-out, twice; a copied dashboard cookie), and how many sessions and tokens one account may hold. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

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
});

describe("what one account may hold", () => {
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
});
