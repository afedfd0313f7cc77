/**
 * npm run bench:bodies: what a hostile request body costs the built app (`npm run build` first),
 * next to the floor of any request measured in the same run.
 *
 *   floor        GET /api/v1/health: no body, one trivial query
 *   2 MiB JSON   POST /api/v1/auth/sessions with Content-Length: refused before a byte is read
 *   600 MB       the same, streamed without Content-Length (chunked): refused once 1 MiB is in
 *
 * Targets (issue "Hardening"): 2 MiB of JSON answers 413 in < 100 ms (p50) and the server's
 * resident memory grows < 10 MB over all the hostile requests. Runs on the embedded database.
 */
import { request } from "node:http";
import { rawRequest, residentBytes } from "../tests/http/raw-http";
import { startServer } from "../tests/http/server";

const ROUNDS = 20;
const TARGET_MS = 100;
const TARGET_GROWTH_BYTES = 10 * 1024 * 1024;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Streams up to `totalMiB` without Content-Length; resolves with the status and how much was sent before it came. */
function streamBody(url: string, totalMiB: number): Promise<{ status: number; sentMiB: number }> {
  const megabyte = Buffer.alloc(1024 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" }, agent: false }, (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sentMiB: sent });
    });
    // The server hangs up under the rest of the upload once it has answered: expected.
    req.on("socket", (socket) => socket.on("error", () => undefined));
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < totalMiB && req.write(megabyte)) sent += 1;
      if (answered) {
        req.end();
        return;
      }
      if (sent < totalMiB) req.once("drain", () => ((sent += 1), pump()));
      else req.end();
    };
    req.write('{"email":"a@example.com","password":"');
    pump();
  });
}

// A refused upload's connection is cut under the client's remaining writes; a write that completes
// after that fails with EPIPE or ECONNRESET outside any request. That is the behaviour measured.
process.on("uncaughtException", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE" || error.code === "ECONNRESET") return;
  throw error;
});

const server = await startServer({ env: { SEED_ON_EMPTY: "false", LOG_LEVEL: "warn" } });
try {
  const sessions = `${server.baseUrl}/api/v1/auth/sessions`;
  const twoMiB = JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) });
  for (let i = 0; i < 5; i += 1) await rawRequest(`${server.baseUrl}/api/v1/health`);
  const floor: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) floor.push(await timed(() => rawRequest(`${server.baseUrl}/api/v1/health`)));

  const before = await residentBytes(server.pid);
  const refused: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < ROUNDS; i += 1) {
    refused.push(
      await timed(async () => {
        const response = await rawRequest(sessions, { method: "POST", headers: { "content-type": "application/json" }, body: twoMiB });
        statuses.add(response.status);
      }),
    );
  }
  const streamed: Array<{ ms: number; sentMiB: number }> = [];
  for (let i = 0; i < 3; i += 1) {
    let sentMiB = 0;
    const ms = await timed(async () => {
      const answer = await streamBody(sessions, 600);
      statuses.add(answer.status);
      sentMiB = answer.sentMiB;
    });
    streamed.push({ ms, sentMiB });
  }
  const growth = (await residentBytes(server.pid)) - before;

  const p50 = median(refused);
  const rows = [
    ["floor: GET /api/v1/health", `${median(floor).toFixed(1)} ms p50`, ""],
    ["2 MiB JSON with Content-Length", `${p50.toFixed(1)} ms p50`, p50 < TARGET_MS ? "PASS (< 100 ms)" : "MISS (< 100 ms)"],
    [
      "600 MB streamed, no Content-Length",
      `${median(streamed.map((s) => s.ms)).toFixed(0)} ms p50, ${Math.max(...streamed.map((s) => s.sentMiB))} MiB sent before the answer`,
      "",
    ],
    [
      "resident memory growth, all of the above",
      `${(growth / 1024 / 1024).toFixed(1)} MB`,
      growth < TARGET_GROWTH_BYTES ? "PASS (< 10 MB)" : "MISS (< 10 MB)",
    ],
    ["answers", [...statuses].join(", "), statuses.size === 1 && statuses.has(413) ? "all 413" : "MISS (expected only 413)"],
  ];
  for (const [what, figure, verdict] of rows) console.log(`${what!.padEnd(42)} ${figure!.padEnd(52)} ${verdict}`);
} finally {
  await server.stop();
}
