import { randomUUID } from "node:crypto";
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import next from "next";
import { getDatabase } from "../db";
import { env } from "../env";
import { prepareProcessDatabase } from "../process-startup";
import { logger } from "../logger";
import { appRouter } from "../routers";
import { ERROR_TABLE, errorBody, INTERNAL_ERROR_MESSAGE, type ErrorCode } from "../errors";
import { spendAddressBudget } from "./address-budget";
import { stampClientAddress } from "./client-address";
import { createRestHandler, type RestHandler } from "./rest-handler";
import { nodeRequest } from "./rest-request";
import { DISCARD_AFTER_REFUSAL_BYTES } from "./request-body";
import { securityHeaders, strictTransportSecurity } from "./security-headers";

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
 * several times more API requests per second (README, "Architecture"); the multipart upload is
 * one of them. Everything else, unknown paths, the MCP server and the OpenAPI document included,
 * takes the Next route.
 */
export async function serve({ dir, port, host }: ServeOptions): Promise<Server> {
  const app = next({ dev: false, dir, port, hostname: host });
  await Promise.all([app.prepare(), prepareProcessDatabase()]);
  const handleNext = app.getRequestHandler();
  const handleRest = createRestHandler({ router: appRouter, getDatabase });

  const hsts = strictTransportSecurity(env);
  const server = createServer((req, res) => {
    stampClientAddress(req);
    if (hsts) res.setHeader("strict-transport-security", hsts);
    const method = req.method ?? "GET";
    if (!req.url?.startsWith("/") && !answerOtherTarget(req, res, method)) return;
    const pathname = (req.url ?? "/").split("?")[0]!;
    if (!SERVED_METHODS.has(method)) {
      void refuseMethod(req, res, pathname, handleRest);
      return;
    }
    if (isApiPath(pathname) && (handleRest.serves(method, pathname) || !isNextApiRoute(pathname))) {
      // REST operations, and every /api path no route serves (any case, any version), which the
      // REST handler answers 404 or 405 in the error body.
      void answerRest(handleRest, req, res);
      return;
    }
    const route = isApiPath(pathname) ? nextApiRoute(pathname) : undefined;
    if (route && method === "HEAD" && route.methods.includes("GET")) {
      // Answered as the GET, without its body (Node writes none for a HEAD request): next-auth's routes refused HEAD with a plain-text 400.
      req.method = "GET";
    } else if (route && !route.methods.includes(method) && (method === "OPTIONS" || !route.refusesOthers)) {
      // Next would answer OPTIONS 204 allowing every method, and a method the route does not export 405 with no body.
      void refuseMethod(req, res, pathname, handleRest);
      return;
    }
    void handleNext(req, res);
  });
  // An idle keep-alive connection is closed by the client or a proxy in front, not by us first:
  // Node's 5 s default races a client (undici, a load balancer with a 60 s idle timeout) that sends
  // its next request on the connection just as the server closes it ("other side closed").
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.on("clientError", answerClientError);
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    writeRawError(socket, "METHOD_NOT_ALLOWED", "CONNECT is not served here.");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * A request target that is not a path (RFC 9112, 3.2). The absolute form a forward proxy sends
 * ("GET http://host/api/v1/health") is read as its path and query: Next would answer it with a
 * redirect to that URL's host, anyone's. "OPTIONS *" asks what the server allows (204 with Allow);
 * anything else ("GET *", "GET host:443") is 400 in the error body, where Node's URL parser made a
 * plain-text 500 of it. Returns true when the request goes on, with `req.url` a path.
 */
function answerOtherTarget(req: IncomingMessage, res: ServerResponse, method: string): boolean {
  const target = req.url ?? "";
  if (/^https?:\/\//i.test(target) && URL.canParse(target)) {
    const url = new URL(target);
    req.url = `${url.pathname}${url.search}`;
    return true;
  }
  if (target === "*" && method === "OPTIONS") {
    res.writeHead(204, { ...securityHeaders(), allow: [...SERVED_METHODS].join(", "), "x-request-id": randomUUID() });
    res.end();
    return false;
  }
  sendError(res, "VALIDATION_FAILED", `The request target ${JSON.stringify(target.slice(0, 100))} is not a path.`);
  return false;
}

/** Longer than the idle timeouts of common proxies and HTTP clients (60 s and less). */
const KEEP_ALIVE_MS = 65_000;

/** Methods some route answers; anything else (TRACE, PROPFIND, ...) is 405 on every path. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** API routes Next.js serves itself (app/api/...), with their methods; case-sensitive, as Next's routing is. */
const NEXT_API_ROUTES: ReadonlyArray<{ path: RegExp; methods: readonly string[]; refusesOthers?: true }> = [
  // next-auth's and tRPC's handlers answer another method themselves: 405 with the action's own
  // Allow (a callback takes POST only), or 404 for a path they do not serve.
  { path: /^\/api\/auth\//, methods: ["GET", "POST"], refusesOthers: true },
  { path: /^\/api\/trpc\//, methods: ["GET", "POST"], refusesOthers: true },
  { path: /^\/api\/dashboard\/imports(\/inspect)?\/?$/, methods: ["POST"] },
  { path: /^\/api\/v1\/openapi\.json$/, methods: ["GET"] },
  // Stateless: GET (a server-to-client stream) and DELETE (a session's end) are 405 too (server/mcp/handler.ts).
  { path: /^\/api\/v1\/mcp\/?$/, methods: ["POST"] },
];

function isApiPath(pathname: string): boolean {
  return /^\/api(\/|$)/i.test(pathname);
}

function nextApiRoute(pathname: string): (typeof NEXT_API_ROUTES)[number] | undefined {
  return NEXT_API_ROUTES.find((route) => route.path.test(pathname));
}

function isNextApiRoute(pathname: string): boolean {
  return nextApiRoute(pathname) !== undefined;
}

/**
 * 405 for a method no route serves (TRACE, PROPFIND, ...), which Next would answer with a 500.
 * Under /api: Allow names what the path's route serves (none for a path nothing serves) and the
 * answer spends the client address's budget like every /api answer; pages allow every method.
 */
async function refuseMethod(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  handleRest: RestHandler,
): Promise<void> {
  const message = `${req.method} is not served here.`;
  if (!isApiPath(pathname)) {
    sendError(res, "METHOD_NOT_ALLOWED", message, { allow: [...SERVED_METHODS].join(", ") });
    return;
  }
  const allowed = nextApiRoute(pathname)?.methods ?? handleRest.allowed(pathname);
  try {
    const budget = await spendAddressBudget(nodeRequest(req).headers, { refuse: false });
    sendError(res, "METHOD_NOT_ALLOWED", message, { ...budget, allow: allowed.join(", ") });
  } catch (error) {
    logger.error({ err: error, method: req.method, path: pathname }, "refusing a method failed");
    if (!res.headersSent) sendError(res, "INTERNAL_ERROR", INTERNAL_ERROR_MESSAGE);
  }
}

function sendError(res: ServerResponse, code: ErrorCode, message: string, headers: Record<string, string> = {}): void {
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(code, message, requestId));
  res.writeHead(ERROR_TABLE[code].status, {
    ...securityHeaders(),
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "x-request-id": requestId,
  });
  res.end(body);
}

/** An error written straight to a socket the HTTP parser gave up on (no request object exists). */
function writeRawError(socket: Duplex, code: ErrorCode, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(code, message, requestId));
  const status = ERROR_TABLE[code].status;
  const headers = {
    ...securityHeaders(),
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "x-request-id": requestId,
    connection: "close",
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}

/**
 * What Node's parser refuses before a request exists: headers or URL over its 16 KiB limit (431),
 * a method it does not know (405), anything else malformed (400), in the error body instead of
 * Node's bare status line.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      writeRawError(socket, "REQUEST_HEADERS_TOO_LARGE", "The request line and headers are larger than 16 KiB.");
      return;
    case "HPE_INVALID_METHOD":
      writeRawError(socket, "METHOD_NOT_ALLOWED", "This method is not served here.");
      return;
    case "ECONNRESET":
    case "ERR_HTTP_REQUEST_TIMEOUT":
      socket.destroy();
      return;
    default:
      writeRawError(socket, "VALIDATION_FAILED", "The HTTP request is malformed.");
  }
}

const COMPRESS_FROM_BYTES = 1024;
const gzipAsync = promisify(gzip);

function acceptsGzip(req: IncomingMessage): boolean {
  const accepted = req.headers["accept-encoding"];
  return typeof accepted === "string" && /\bgzip\b(?!\s*;\s*q\s*=\s*0(\.0*)?\s*(,|$))/i.test(accepted);
}

async function answerRest(handle: RestHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const { status, headers, body: answered } = await handle.answer(nodeRequest(req));
    // REST answers are JSON documents (or an export's file): sent whole, with their length; gzipped
    // from 1 KiB when the client accepts it, as Next.js does for the routes it serves.
    let body = typeof answered === "string" ? Buffer.from(answered) : (answered ?? EMPTY);
    headers["vary"] = headers["vary"] ? `${headers["vary"]}, Accept-Encoding` : "Accept-Encoding";
    if (
      body.length >= COMPRESS_FROM_BYTES &&
      acceptsGzip(req) &&
      compressible(headers) &&
      !headers["content-encoding"]
    ) {
      body = await gzipAsync(body);
      headers["content-encoding"] = "gzip";
    }
    if (status !== 204 && status !== 304) headers["content-length"] = String(body.length);
    await dropUnreadBody(req, res);
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  } catch (error) {
    // The REST handler answers every failure itself; this is the last line of defence.
    logger.error({ err: error, method: req.method, path: req.url }, "request failed outside the REST handler");
    if (res.headersSent) res.end();
    else sendError(res, "INTERNAL_ERROR", INTERNAL_ERROR_MESSAGE);
  }
}

const EMPTY = Buffer.alloc(0);

/** JSON and text answers are gzipped; a file that is compressed already (an XLSX workbook) is sent as it is. */
const compressible = (headers: Record<string, string | string[]>) =>
  /^(application\/json|text\/)/.test(String(headers["content-type"] ?? ""));

/** How long a body the answer did not need is read and dropped before a closing answer, at most. */
const DROP_UNREAD_MS = 10_000;

/**
 * An answer on a connection that closes after it (the client sent Connection: close) while the
 * client is still sending a body nothing read (a refusal before the body: 401, 403, 429): Node would
 * close the socket with the body unread, the kernel answers the rest with a reset, and a client that
 * writes its whole body before reading sees EPIPE or ECONNRESET instead of the answer. The body is
 * read and dropped first (at most DISCARD_AFTER_REFUSAL_BYTES, as after any refusal, and DROP_UNREAD_MS). On keep-alive connections Node
 * drops an unread body itself after the answer; a body a reader took over is drained by that reader
 * (request-body.ts, discardRest).
 */
function dropUnreadBody(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (res.shouldKeepAlive || req.complete || req.destroyed || req.readableFlowing !== null) return Promise.resolve();
  return new Promise((resolve) => {
    let dropped = 0;
    const done = () => {
      clearTimeout(timer);
      req.off("data", onData).off("end", done).off("close", done);
      req.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DISCARD_AFTER_REFUSAL_BYTES) done();
    };
    const timer = setTimeout(done, DROP_UNREAD_MS);
    req.on("data", onData).once("end", done).once("close", done);
  });
}
