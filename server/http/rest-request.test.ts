import { createServer, request as sendRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { nodeRequest, type RestRequest } from "./rest-request";

/** Sends one raw request to a node:http server and gives the handler's view of it (read inside the handler). */
async function viewOf(
  send: { method: string; path: string; headers: Array<[string, string]>; body?: string },
  read: (request: RestRequest) => Promise<unknown>,
): Promise<unknown> {
  let seen: unknown;
  const server = createServer((req: IncomingMessage, res) => {
    read(nodeRequest(req)).then(
      (value) => {
        seen = value;
        res.end("ok");
      },
      (error: Error) => {
        seen = error;
        res.end("failed");
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    // Raw header pairs, so a header can be sent twice (node then adds no Host header itself).
    const host = send.headers.find(([name]) => name === "host") ?? ["host", `127.0.0.1:${port}`];
    const headers = [host, ...send.headers.filter(([name]) => name !== "host")].flat();
    const client = sendRequest({ host: "127.0.0.1", port, method: send.method, path: send.path, headers }, (res) => {
      res.resume();
      res.on("end", resolve);
    });
    client.on("error", reject);
    client.end(send.body);
  });
  await new Promise((resolve) => server.close(resolve));
  return seen;
}

describe("a node request as the REST handler reads it", () => {
  it("reads headers as fetch would: any case, repeated ones joined, missing ones null", async () => {
    const view = await viewOf(
      {
        method: "GET",
        path: "/api/v1/health?x=1&x=2",
        headers: [
          ["Accept", "a"],
          ["X-Tag", "one"],
          ["x-tag", "two"],
          ["Authorization", "Bearer t"],
        ],
      },
      async (request) => {
        const names: string[] = [];
        request.headers.forEach((_value, name) => names.push(name));
        return {
          method: request.method,
          url: request.url,
          tag: request.headers.get("X-TAG"),
          auth: request.headers.get("authorization"),
          missing: request.headers.get("idempotency-key"),
          has: [request.headers.has("ACCEPT"), request.headers.has("cookie")],
          sortedNames: names.filter((name) => name !== "connection" && name !== "host"),
          body: request.body,
        };
      },
    );
    expect(view).toEqual({
      method: "GET",
      url: "http://localhost/api/v1/health?x=1&x=2",
      tag: "one, two",
      auth: "Bearer t",
      missing: null,
      has: [true, false],
      sortedNames: ["accept", "authorization", "x-tag"],
      body: null,
    });
  });

  it("streams a body once, and says when it has been read", async () => {
    const view = await viewOf(
      {
        method: "POST",
        path: "/api/v1/things",
        headers: [["content-type", "application/json"]],
        body: '{"name":"Café"}',
      },
      async (request) => {
        const before = request.bodyUsed;
        const text = await new Response(request.body).text();
        return { before, after: request.bodyUsed, text };
      },
    );
    expect(view).toEqual({ before: false, after: true, text: '{"name":"Café"}' });
  });

  it("keeps an absolute-form request line on a fixed origin (the Host header stays a header)", async () => {
    const view = await viewOf(
      { method: "GET", path: "http://evil.example/api/v1/health", headers: [["host", "evil.example"]] },
      async (request) => ({ url: request.url, host: request.headers.get("host") }),
    );
    expect(view).toEqual({ url: "http://evil.example/api/v1/health", host: "evil.example" });
  });
});
