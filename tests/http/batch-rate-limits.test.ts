import { describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";

/** A batch of calls in one request pays for every call in it: tRPC batches, and JSON-RPC batches to MCP. */

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

describe("tRPC batches pay per call", () => {
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
