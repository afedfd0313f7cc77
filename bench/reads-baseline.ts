/**
 * The baseline of bench/reads.ts: a bare node:http server that answers each path with fixed
 * bytes (the JSON captured from the app, with its content-type). Started by bench/reads.ts as a
 * child process with an IPC channel: it receives the routes, listens on a free port of
 * 127.0.0.1 and sends the port back. It exits when its parent goes away.
 */
import { createServer } from "node:http";

export interface BaselineRoute {
  path: string;
  contentType: string;
  /** The response body, base64. */
  body: string;
}

export type BaselineMessage = { routes: BaselineRoute[] };

if (!process.send) throw new Error("reads-baseline.ts is started by bench/reads.ts (it needs an IPC channel)");

process.once("message", (message: BaselineMessage) => {
  const routes = new Map(
    message.routes.map((route) => {
      const body = Buffer.from(route.body, "base64");
      return [route.path, { body, headers: { "content-type": route.contentType, "content-length": String(body.length) } }];
    }),
  );
  const server = createServer((request, response) => {
    const route = routes.get(request.url ?? "");
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, route.headers);
    response.end(route.body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  });
});
process.on("disconnect", () => process.exit(0));
