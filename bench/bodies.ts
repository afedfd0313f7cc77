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
import { rawRequest, residentBytes, sendLargeBody } from "../tests/http/raw-http";
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

const server = await startServer({ env: { SEED_ON_EMPTY: "false", LOG_LEVEL: "warn" } });
try {
  const twoMiB = 2 * 1024 * 1024;
  for (let i = 0; i < 5; i += 1) await rawRequest(`${server.baseUrl}/api/v1/health`);
  const floor: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) floor.push(await timed(() => rawRequest(`${server.baseUrl}/api/v1/health`)));

  const before = await residentBytes(server.pid);
  const refused: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < ROUNDS; i += 1) {
    refused.push(
      await timed(async () => {
        const answer = await sendLargeBody(server.baseUrl, "/api/v1/auth/sessions", { totalBytes: twoMiB, declareLength: true });
        statuses.add(answer.status);
      }),
    );
  }
  const streamed: Array<{ ms: number; sentMiB: number }> = [];
  for (let i = 0; i < 3; i += 1) {
    let sentMiB = 0;
    const ms = await timed(async () => {
      const answer = await sendLargeBody(server.baseUrl, "/api/v1/auth/sessions", { totalBytes: 600 * 1024 * 1024, declareLength: false });
      statuses.add(answer.status);
      sentMiB = Math.round(answer.sentBytes / 1024 / 1024);
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
