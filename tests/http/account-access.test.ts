import { describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { SecretRecorder } from "./secrets";

const api = createClient(inject("baseUrl"));
const secrets = new SecretRecorder();
const CURRENT = "/api/v1/programmatic-access/credentials/current";

/** A user with two sessions, a PAT and an MCP credential; and another user with a PAT. */
async function accountWithAccess() {
  const user = await api.signUp();
  const sessionA = secrets.add(user.sessionToken);
  const sessionB = secrets.add(await api.signIn(user.email, user.password));
  const pat = await api.createToken(sessionA, ["wallets:read"]);
  const mcp = await api.createToken(sessionA, ["reports:read"], "mcp");
  secrets.add(pat.token);
  secrets.add(mcp.token);
  const stranger = await api.signUp();
  const strangerPat = await api.createToken(secrets.add(stranger.sessionToken), ["wallets:read"]);
  secrets.add(strangerPat.token);
  return { user, sessionA, sessionB, pat, mcp, strangerPat };
}

async function statusOf(token: string, path = CURRENT) {
  const response = await api.call("GET", path, { token });
  return [response.status, response.body?.code ?? "OK"];
}

async function expectEverythingRevokedBut(
  setup: Awaited<ReturnType<typeof accountWithAccess>>,
  response: { status: number; body: any },
) {
  expect(response.status).toBe(200);
  expect(response.body.data.type).toBe("account_changes");
  expect(response.body.data.attributes).toEqual({ revoked_credentials: 2, revoked_sessions: 1 });
  expect(await statusOf(setup.sessionA, "/api/v1/auth/sessions/current")).toEqual([200, "OK"]);
  expect(await statusOf(setup.sessionB, "/api/v1/auth/sessions/current")).toEqual([401, "TOKEN_REVOKED"]);
  expect(await statusOf(setup.pat.token)).toEqual([401, "TOKEN_REVOKED"]);
  expect(await statusOf(setup.strangerPat.token)).toEqual([200, "OK"]);
  const list = await api.call("GET", "/api/v1/programmatic-access/credentials", { token: setup.sessionA });
  const statuses = Object.fromEntries(
    list.body.data.map((item: any) => [item.attributes.audience, item.attributes.status]),
  );
  expect(statuses).toEqual({ programmatic_api: "revoked", mcp: "revoked" });
}

describe("changing the password", () => {
  it("revokes every credential of both audiences and every other session, but not another user's", async () => {
    const setup = await accountWithAccess();
    const response = await api.call("POST", "/api/v1/auth/password", {
      token: setup.sessionA,
      body: { current_password: setup.user.password, new_password: secrets.add("a completely new password") },
    });
    await expectEverythingRevokedBut(setup, response);
    expect(
      (
        await api.call("POST", "/api/v1/auth/sessions", {
          body: { email: setup.user.email, password: setup.user.password },
        })
      ).status,
    ).toBe(401);
    secrets.add(await api.signIn(setup.user.email, "a completely new password"));
  });

  it("changes nothing when the current password is wrong", async () => {
    const setup = await accountWithAccess();
    const response = await api.call("POST", "/api/v1/auth/password", {
      token: setup.sessionA,
      body: { current_password: "not my password", new_password: "a completely new password" },
    });
    expect([response.status, response.body.code]).toEqual([401, "INVALID_CREDENTIALS"]);
    expect(await statusOf(setup.pat.token)).toEqual([200, "OK"]);
    expect(await statusOf(setup.sessionB, "/api/v1/auth/sessions/current")).toEqual([200, "OK"]);
  });

  it("answers 400 for a new password under 10 characters", async () => {
    const setup = await accountWithAccess();
    const response = await api.call("POST", "/api/v1/auth/password", {
      token: setup.sessionA,
      body: { current_password: setup.user.password, new_password: "short" },
    });
    expect([response.status, response.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(response.body.message).toContain("new_password");
  });
});

describe("changing the e-mail address", () => {
  it("revokes every credential of both audiences and every other session, but not another user's", async () => {
    const setup = await accountWithAccess();
    const newEmail = `moved-${Date.now()}@example.com`;
    const response = await api.call("POST", "/api/v1/auth/email", {
      token: setup.sessionA,
      body: { password: setup.user.password, new_email: newEmail },
    });
    await expectEverythingRevokedBut(setup, response);
    secrets.add(await api.signIn(newEmail, setup.user.password));
  });

  it("answers 422 for an address another account uses", async () => {
    const setup = await accountWithAccess();
    const other = await api.signUp();
    secrets.add(other.sessionToken);
    const response = await api.call("POST", "/api/v1/auth/email", {
      token: setup.sessionA,
      body: { password: setup.user.password, new_email: other.email },
    });
    expect([response.status, response.body.code]).toEqual([422, "DOMAIN_CONSTRAINT_VIOLATION"]);
    expect(await statusOf(setup.pat.token)).toEqual([200, "OK"]);
  });
});

describe("secrets", () => {
  it("never reach the server's log", () => {
    secrets.expectAbsentFrom(inject("serverLogFile"));
  });
});
