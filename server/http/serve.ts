import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import next from "next";
import { getDatabase } from "../db";
import { prepareProcessDatabase } from "../db/startup";
import { logger } from "../logger";
import { appRouter } from "../routers";
import { errorBody, INTERNAL_ERROR_MESSAGE } from "../errors";
import { stampClientAddress } from "./client-address";
import { createRestHandler, type RestHandler } from "./rest-handler";

export interface ServeOptions {
  /** The project directory (where .next is). */
  dir: string;
  port: number;
  /** Interface to listen on; all of them when undefined. */
  host?: string;
}

/**
 * The production server: Next.js serves the dashboard and every route, while requests for one of
 * the REST operations go straight to the REST handler, the same function the route handler
 * app/api/v1/[...path] exports (and `next dev` uses). Skipping Next's routing for them answers
 * several times more API requests per second (README, "Architecture"); everything else,
 * unknown paths, the multipart upload and the OpenAPI document included, takes the Next route.
 */
export async function serve({ dir, port, host }: ServeOptions): Promise<Server> {
  const app = next({ dev: false, dir, port, hostname: host });
  await Promise.all([app.prepare(), prepareProcessDatabase()]);
  const handleNext = app.getRequestHandler();
  const handleRest = createRestHandler({ router: appRouter, getDatabase });

  const server = createServer((req, res) => {
    stampClientAddress(req);
    const pathname = (req.url ?? "/").split("?")[0]!;
    if (pathname.startsWith("/api/v1/") && handleRest.serves(req.method ?? "GET", pathname)) {
      void answerRest(handleRest, req, res);
      return;
    }
    void handleNext(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

const COMPRESS_FROM_BYTES = 1024;
const gzipAsync = promisify(gzip);

function acceptsGzip(req: IncomingMessage): boolean {
  const accepted = req.headers["accept-encoding"];
  return typeof accepted === "string" && /\bgzip\b(?!\s*;\s*q\s*=\s*0(\.0*)?\s*(,|$))/i.test(accepted);
}

async function answerRest(handle: RestHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const response = await handle(toFetchRequest(req));
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    // REST answers are JSON documents: sent whole, with their length; gzipped from 1 KiB when the
    // client accepts it, as Next.js does for the routes it serves.
    let body = Buffer.from(await response.arrayBuffer());
    headers["vary"] = headers["vary"] ? `${headers["vary"]}, Accept-Encoding` : "Accept-Encoding";
    if (body.length >= COMPRESS_FROM_BYTES && acceptsGzip(req) && !headers["content-encoding"]) {
      body = await gzipAsync(body);
      headers["content-encoding"] = "gzip";
    }
    if (response.status !== 204 && response.status !== 304) headers["content-length"] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  } catch (error) {
    // The REST handler answers every failure itself; this is the last line of defence.
    logger.error({ err: error, method: req.method, path: req.url }, "request failed outside the REST handler");
    const requestId = randomUUID();
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8", "x-request-id": requestId });
    res.end(JSON.stringify(errorBody("INTERNAL_ERROR", INTERNAL_ERROR_MESSAGE, requestId)));
  }
}

/** The node request as a fetch Request (the client address already stamped into its headers). */
function toFetchRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Parsed against a fixed origin: the Host header stays a header (publicBaseUrl reads it), and a
  // malformed one cannot make the URL unparseable.
  const url = new URL(req.url ?? "/", "http://localhost").href;
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}
