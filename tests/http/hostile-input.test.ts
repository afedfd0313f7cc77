import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { browserCookies } from "./browser-session";
import { ALL_SCOPES, createClient } from "./client";
import { parseRawAnswer, rawExchange, rawSendThenRead, residentBytes, sendLargeBody } from "./raw-http";

/** Input a hostile client sends: bodies past the cap, control characters in text and in ids, addresses that are not web links. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const ERROR_KEYS = ["code", "error", "message", "request_id", "statusCode"];

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

describe("refusals before the body is read", () => {
  it.each([
    ["/api/v1/programmatic/imports", 401, "TOKEN_INVALID"],
    ["/api/dashboard/imports", 401, "TOKEN_MISSING"],
  ])(
    "answers an upload to %s refused before its body, sent whole on a closing connection, with the refusal (not a reset)",
    async (path, status, code) => {
      // What Python requests or a proxy asking Connection: close does: the whole body written, then the answer read.
      const file = "a".repeat(8 * 1024 * 1024);
      const body =
        `--x\r\ncontent-disposition: form-data; name="file"; filename="s.csv"\r\ncontent-type: text/csv\r\n\r\n` +
        `${file}\r\n--x--\r\n`;
      const { host } = new URL(baseUrl);
      const head =
        `POST ${path} HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer not-a-token\r\n` +
        `content-type: multipart/form-data; boundary=x\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`;
      const answer = parseRawAnswer(await rawSendThenRead(baseUrl, head + body));
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
    },
  );
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

describe("web addresses a client stores", () => {
  it("refuses billing addresses that are not http(s)", async () => {
    const user = await api.signUp();
    const cookie = await browserCookies(baseUrl, user.email, user.password);
    for (const billing_url of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
    ]) {
      const response = await fetch(`${baseUrl}/api/trpc/recurringRules.create`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify({ billing_url }),
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error.message).toContain("billing_url: must be a web address (http or https)");
    }
  });
});
