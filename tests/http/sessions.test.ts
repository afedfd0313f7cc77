import { describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { SecretRecorder } from "./secrets";

const api = createClient(inject("baseUrl"));
const secrets = new SecretRecorder();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = 86_400_000;

describe("sign-up", () => {
  it("creates the user, a workspace with defaults, and a 30-day session", async () => {
    const email = `Ada.${Date.now()}@Example.com`;
    const response = await api.call("POST", "/api/v1/auth/sign-up", {
      body: { email, password: secrets.add("a long enough password"), name: "Ada" },
    });
    expect(response.status).toBe(201);
    const { type, id, attributes } = response.body.data;
    expect(type).toBe("sessions");
    expect(id).toMatch(UUID);
    expect(secrets.add(attributes.session_token)).toMatch(/^pfs_[0-9A-Za-z]{42}$/);
    expect(attributes.user_id).toMatch(UUID);
    expect(attributes.workspace_id).toMatch(UUID);
    expect(Math.abs(Date.parse(attributes.expires_at) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    const me = await api.call("GET", "/api/v1/auth/sessions/current", { token: attributes.session_token });
    expect(me.status).toBe(200);
    expect(me.body.data.attributes).toEqual({
      user: { id: attributes.user_id, email: email.toLowerCase(), name: "Ada" },
      workspace: {
        id: attributes.workspace_id,
        name: "Ada's workspace",
        timezone: "UTC",
        plan: "free",
        role: "owner",
        home_currency: { id: expect.stringMatching(UUID), code: "EUR", symbol: "€", decimal_places: 2 },
      },
    });
  });

  it("takes the workspace's name, timezone and home currency when given", async () => {
    const user = await api.signUp({ workspace_name: "Household", timezone: "Europe/Berlin", home_currency: "usd" });
    const me = await api.call("GET", "/api/v1/auth/sessions/current", { token: secrets.add(user.sessionToken) });
    expect(me.body.data.attributes.workspace).toMatchObject({
      name: "Household",
      timezone: "Europe/Berlin",
      home_currency: { code: "USD" },
    });
  });

  it.each([
    [{ email: "not-an-address", password: "long enough password" }, "email"],
    [{ email: "short@example.com", password: "too short" }, "password"],
    [{ email: "tz@example.com", password: "long enough password", timezone: "Mars/Olympus" }, "timezone"],
    [{ email: "cur@example.com", password: "long enough password", home_currency: "XYZ" }, "home_currency"],
    [{ password: "long enough password" }, "email"],
  ])("answers 400 VALIDATION_FAILED naming the field for %j", async (body, field) => {
    const response = await api.call("POST", "/api/v1/auth/sign-up", { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toContain(field);
  });

  it("answers 422 for an address already in use, whatever its case", async () => {
    const user = await api.signUp();
    secrets.add(user.sessionToken);
    const response = await api.call("POST", "/api/v1/auth/sign-up", {
      body: { email: user.email.toUpperCase(), password: "another long password" },
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("DOMAIN_CONSTRAINT_VIOLATION");
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and answers the same 401 for a wrong password and an unknown address", async () => {
    const user = await api.signUp();
    secrets.add(user.sessionToken);
    const session = secrets.add(await api.signIn(user.email, user.password));
    expect(session).toMatch(/^pfs_/);
    expect(session).not.toBe(user.sessionToken);

    const wrong = await api.call("POST", "/api/v1/auth/sessions", {
      body: { email: user.email, password: "wrong password!" },
    });
    const unknown = await api.call("POST", "/api/v1/auth/sessions", {
      body: { email: `nobody-${Date.now()}@example.com`, password: "wrong password!" },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.code).toBe("INVALID_CREDENTIALS");
    }
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it("ends the calling session: the next request with it answers 401 TOKEN_REVOKED", async () => {
    const user = await api.signUp();
    const token = secrets.add(user.sessionToken);
    const other = secrets.add(await api.signIn(user.email, user.password));
    const signOut = await api.call("DELETE", "/api/v1/auth/sessions/current", { token });
    expect(signOut.status).toBe(204);
    expect(signOut.body).toBeNull();
    const after = await api.call("GET", "/api/v1/auth/sessions/current", { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("TOKEN_REVOKED");
    expect((await api.call("GET", "/api/v1/auth/sessions/current", { token: other })).status).toBe(200);
  });

  it("answers TOKEN_MISSING and TOKEN_INVALID for missing and unusable session tokens", async () => {
    const missing = await api.call("GET", "/api/v1/auth/sessions/current");
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe("TOKEN_MISSING");
    const garbage = await api.call("GET", "/api/v1/auth/sessions/current", { token: "pfs_nonsense" });
    expect(garbage.body.code).toBe("TOKEN_INVALID");
  });
});

describe("password reset", () => {
  it("answers 202 alike for a known and an unknown address", async () => {
    const user = await api.signUp();
    secrets.add(user.sessionToken);
    const known = await api.call("POST", "/api/v1/auth/password-reset", { body: { email: user.email } });
    const unknown = await api.call("POST", "/api/v1/auth/password-reset", {
      body: { email: `x-${Date.now()}@example.com` },
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(Object.keys(known.body.data.attributes)).toEqual(Object.keys(unknown.body.data.attributes));
  });

  it("rejects an unknown reset token with 401 TOKEN_INVALID", async () => {
    const response = await api.call("POST", "/api/v1/auth/password-reset/confirm", {
      body: { token: "pfr_000000000000000000000000000000000000000000", new_password: "a brand new password" },
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("TOKEN_INVALID");
  });
});

describe("secrets", () => {
  it("never reach the server's log", () => {
    secrets.expectAbsentFrom(inject("serverLogFile"));
  });
});
