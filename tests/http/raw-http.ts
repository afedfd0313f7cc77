import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { connect } from "node:net";

/** What the HTTP tests need below fetch: other methods, other local addresses, raw bytes. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): any;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Local address to connect from (127.0.0.2 is another loopback client on Linux). */
  localAddress?: string;
}

/** One request through node:http, which sends any method and lets the test pick its own address. */
export function rawRequest(
  url: string,
  { method = "GET", headers = {}, body, localAddress }: RawRequestOptions = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    // A server may hang up under a refused upload after answering; the answer is what counts.
    req.on("socket", (socket) => socket.on("error", () => undefined));
    req.end(body);
  });
}

/** Bytes written straight to the socket, and everything the server answers until it closes (or 5 s pass). */
export function rawExchange(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    // A server that refuses a body early may hang up while it is still being written (EPIPE,
    // ECONNRESET): what it answered before is the answer.
    socket.on("error", (error) => (chunks.length > 0 ? socket.destroy() : reject(error)));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    socket.write(bytes);
  });
}

/**
 * Bytes written whole before anything is read, as Python requests and most blocking clients send a
 * body: a server that hangs up before taking all of it makes the write fail (EPIPE, ECONNRESET), and
 * its answer is lost. Resolves with everything answered until the server closes (or 10 s pass).
 */
export function rawSendThenRead(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.pause();
    socket.on("error", reject);
    socket.write(bytes, (error) => {
      if (error) return;
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("close", () => {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString("utf8"));
      });
      socket.resume();
    });
  });
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(answer: string): { status: number; head: string; body: any } {
  const [head = "", ...rest] = answer.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const raw = rest.join("\r\n\r\n");
  const text = /^transfer-encoding: *chunked/im.test(head) ? dechunked(raw) : raw;
  return { status, head, body: text ? JSON.parse(text) : null };
}

/** Resident memory of a process and its descendants (tsx runs the server as its child), in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const own = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => ""))
    .split(/\s+/)
    .filter(Boolean);
  let total = own;
  for (const child of children) total += await residentBytes(Number(child));
  return total;
}

/**
 * A POST whose body is `totalBytes` of JSON-ish filler, written on a raw socket as fast as the server
 * takes it (chunked, or with a declared Content-Length), stopped as soon as an answer arrives: what a
 * hostile or careless uploader does. Resolves with the status and how many bytes were sent by then.
 */
export function sendLargeBody(
  baseUrl: string,
  path: string,
  { totalBytes, declareLength }: { totalBytes: number; declareLength: boolean },
): Promise<{ status: number; sentBytes: number }> {
  const { hostname, port } = new URL(baseUrl);
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let sent = 0;
    let answer = "";
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      socket.destroy();
      if (status > 0) resolve({ status, sentBytes: sent });
      else reject(error ?? new Error("the connection closed without an answer"));
    };
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n")) settle();
    });
    socket.on("error", (error) => settle(error));
    socket.on("close", () => settle());
    const head = declareLength ? `content-length: ${totalBytes}\r\n` : "transfer-encoding: chunked\r\n";
    socket.write(`POST ${path} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\n${head}\r\n`);
    const frame = (bytes: Buffer) =>
      declareLength
        ? bytes
        : Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
    const pump = () => {
      while (!settled && sent < totalBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += part.length;
        if (!socket.write(frame(part))) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!settled && !declareLength) socket.write("0\r\n\r\n");
    };
    pump();
  });
}

/** The payload of a chunked body: each chunk's size line dropped, up to the last (0) chunk. */
function dechunked(body: string): string {
  let text = "";
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (lineEnd < 0 || !(size > 0)) return text;
    text += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
