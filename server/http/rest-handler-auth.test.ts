import { describe, expect, it } from "vitest";
import { generateToken } from "../domain/identity/tokens";
import { expectError, useRestSpine } from "./rest-handler-testing";

const spine = useRestSpine();

describe("REST surface: authentication, scope and validation", () => {
  it("401 TOKEN_MISSING without an Authorization header", async () => {
    await expectError(await spine.call("GET", "/api/v1/test/wallets"), 401, "TOKEN_MISSING");
  });

  it("401 TOKEN_INVALID for a malformed header, a bad checksum and an unknown token", async () => {
    await expectError(
      await spine.call("GET", "/api/v1/test/wallets", { headers: { authorization: "Token abc" } }),
      401,
      "TOKEN_INVALID",
    );
    const token = await spine.createCredential();
    const tampered = token.slice(0, 10) + (token[10] === "a" ? "b" : "a") + token.slice(11);
    await expectError(await spine.call("GET", "/api/v1/test/wallets", { token: tampered }), 401, "TOKEN_INVALID");
    await expectError(
      await spine.call("GET", "/api/v1/test/wallets", { token: generateToken("programmatic_api") }),
      401,
      "TOKEN_INVALID",
    );
  });

  it("401 TOKEN_REVOKED and TOKEN_EXPIRED", async () => {
    const revoked = await spine.createCredential({ revokedAt: new Date() });
    await expectError(await spine.call("GET", "/api/v1/test/wallets", { token: revoked }), 401, "TOKEN_REVOKED");
    const expired = await spine.createCredential({ expiresAt: new Date(Date.now() - 1000) });
    await expectError(await spine.call("GET", "/api/v1/test/wallets", { token: expired }), 401, "TOKEN_EXPIRED");
  });

  it("accepts a PAT with the scope and resolves its user and workspace", async () => {
    const token = await spine.createCredential();
    const response = await spine.call("GET", "/api/v1/test/wallets?limit=20", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user_id: spine.userId, workspace_id: spine.workspaceId, limit: 20 });
  });

  it("403 INSUFFICIENT_SCOPE naming the missing scope", async () => {
    const token = await spine.createCredential({ scopes: ["budgets:read"] });
    const body = await expectError(
      await spine.call("GET", "/api/v1/test/wallets", { token }),
      403,
      "INSUFFICIENT_SCOPE",
    );
    expect(body.message).toContain("wallets:read");
  });

  it("400 VALIDATION_FAILED naming the field, but only after authentication", async () => {
    const token = await spine.createCredential();
    const body = await expectError(
      await spine.call("GET", "/api/v1/test/wallets?limit=500", { token }),
      400,
      "VALIDATION_FAILED",
    );
    expect(body.message).toContain("limit");
    await expectError(await spine.call("GET", "/api/v1/test/wallets?limit=500"), 401, "TOKEN_MISSING");
  });

  it("rejects a session token where a PAT is required, and a PAT where a session is required", async () => {
    const session = await spine.createSession();
    const pat = await spine.createCredential();
    const asPat = await expectError(
      await spine.call("GET", "/api/v1/test/wallets", { token: session }),
      401,
      "TOKEN_INVALID",
    );
    expect(asPat.message).toContain("session token");
    await expectError(
      await spine.call("POST", "/api/v1/test/session", { token: pat, body: { name: "x" } }),
      401,
      "TOKEN_INVALID",
    );
    const ok = await spine.call("POST", "/api/v1/test/session", { token: session, body: { name: "x" } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ name: "x", user_id: spine.userId });
  });

  it("400 for a body that is not JSON", async () => {
    const session = await spine.createSession();
    const response = await spine.handle(
      new Request("http://localhost/api/v1/test/session", {
        method: "POST",
        headers: { authorization: `Bearer ${session}`, "content-type": "application/json" },
        body: "{not json",
      }),
    );
    await expectError(response, 400, "VALIDATION_FAILED");
  });

  it("403 WORKSPACE_ACCESS_REVOKED once the owner's membership is gone", async () => {
    const token = await spine.createCredential();
    await spine.db.prisma.membership.deleteMany({ where: { userId: spine.userId, workspaceId: spine.workspaceId } });
    try {
      await expectError(await spine.call("GET", "/api/v1/test/wallets", { token }), 403, "WORKSPACE_ACCESS_REVOKED");
    } finally {
      await spine.db.prisma.membership.create({
        data: { userId: spine.userId, workspaceId: spine.workspaceId, role: "owner" },
      });
    }
  });
});
