import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "./client";
import { connectMcp, postMcp } from "./mcp-testing";
import { startServer, type RunningServer } from "./server";

/** The MCP server spends the client's rate limit as REST does: its own server, with a limit of 5 a minute. */

describe("the MCP server's rate limit", () => {
  let limited: RunningServer;
  let limitedApi: ReturnType<typeof createClient>;

  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_PER_MINUTE: "5", SEED_ON_EMPTY: "false" } });
    limitedApi = createClient(limited.baseUrl);
  });
  afterAll(async () => limited?.stop());

  /** JSON-RPC posted as it is, without the SDK client, so the test reads each answer's status and headers. */
  const postToLimited = (token: string, body: unknown) => postMcp(limited.baseUrl, token, body);

  it("spends one unit per HTTP request, as a REST request does, and refuses the request past the limit with 429", async () => {
    const user = await limitedApi.signUp();
    const { token } = await limitedApi.createToken(user.sessionToken, ["transactions:read"], "mcp");
    const post = (id: number, method: string, params: Record<string, unknown> = {}) =>
      postToLimited(token, { jsonrpc: "2.0", id, method, params });
    const remaining: string[] = [];
    for (let id = 1; id <= 5; id += 1) {
      const response = await post(id, "tools/call", { name: "list_accounts", arguments: {} });
      expect(response.status).toBe(200);
      remaining.push(response.headers.get("ratelimit-remaining")!);
      const { result } = (await response.json()) as { result: Record<string, any> };
      expect(result.isError).not.toBe(true);
      expect(result.structuredContent.data).toEqual([]);
    }
    // The tool call runs inside the request's own unit: no second look-up, no second unit.
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);

    const refused = await post(6, "tools/list");
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body).toEqual({
      statusCode: 429,
      code: "RATE_LIMITED",
      error: "Too Many Requests",
      message: expect.stringContaining("Rate limit"),
      request_id: expect.any(String),
    });
    expect(refused.headers.get("x-request-id")).toBe(body.request_id);
    expect([refused.headers.get("ratelimit-limit"), refused.headers.get("ratelimit-remaining")]).toEqual(["5", "0"]);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The SDK client sees the refused request as an error saying 429.
    await expect(connectMcp(token, limited.baseUrl)).rejects.toThrow(/429|rate limit/i);
  });

  it("charges a batch of JSON-RPC messages one unit per message", async () => {
    const user = await limitedApi.signUp();
    const { token } = await limitedApi.createToken(user.sessionToken, ["transactions:read"], "mcp");
    const batch = (first: number) =>
      postToLimited(
        token,
        [0, 1, 2].map((n) => ({
          jsonrpc: "2.0",
          id: first + n,
          method: "tools/call",
          params: { name: "list_accounts", arguments: {} },
        })),
      );
    const answered = await batch(1);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("ratelimit-remaining")).toBe("2");
    // Three more messages with two units left: the request is refused whole, nothing runs.
    const refused = await batch(4);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: "RATE_LIMITED" });
  });
});
