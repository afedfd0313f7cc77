/**
 * bench:reads' load: autocannon at a fixed number of keep-alive connections, with every latency
 * kept (autocannon's own percentiles are whole milliseconds) and the server's CPU time per request.
 */
import autocannon from "autocannon";
import type { Options } from "./reads-options";
import { cpuSeconds, type Started } from "./reads-processes";

export interface Load {
  requestsPerSecond: number;
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** autocannon's own (whole-millisecond) percentiles, as a cross-check. */
  autocannonP50Ms: number;
  autocannonP99Ms: number;
  bytesPerResponse: number;
  /** CPU time (user + system) the server process spent per answered request, in µs; null where /proc is not readable. */
  cpuMicrosPerRequest: number | null;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/** Keep-alive load at `connections`; fails on any non-2xx answer, connection error or timeout. */
function load(url: string, token: string | undefined, seconds: number, connections: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16);
    let count = 0;
    let bytes = 0;
    const failures = new Map<string, number>();
    const instance = autocannon(
      // A slow answer is a latency to measure, not a failure: far beyond autocannon's default 10 s.
      { url, connections, duration: seconds, timeout: 120, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (error, result) => {
        if (error) return reject(error);
        const problems = [...failures].map(([what, times]) => `${times} x ${what}`);
        if (result.non2xx > 0 && failures.size === 0) problems.push(`${result.non2xx} non-2xx`);
        if (result.errors > 0) problems.push(`${result.errors} connection errors`);
        if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
        if (problems.length > 0) return reject(new Error(`${url}: ${problems.join(", ")} (every answer must be 2xx)`));
        if (count === 0) return reject(new Error(`${url}: no answers in ${seconds} s`));
        const sorted = latencies.slice(0, count).sort();
        resolve({
          requestsPerSecond: result.requests.total / result.duration,
          requests: result.requests.total,
          seconds: result.duration,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          maxMs: sorted[count - 1] ?? Number.NaN,
          autocannonP50Ms: result.latency.p50,
          autocannonP99Ms: result.latency.p99,
          bytesPerResponse: Math.round(bytes / count),
          cpuMicrosPerRequest: null,
        });
      },
    );
    instance.on("response", (_client, statusCode, resBytes, responseTime) => {
      if (statusCode < 200 || statusCode > 299) {
        const what = `HTTP ${statusCode}`;
        failures.set(what, (failures.get(what) ?? 0) + 1);
        return;
      }
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
      bytes += resBytes;
    });
  });
}

/**
 * autocannon drops the requests still in flight when a run ends, but the server goes on working
 * on them. One more request queues behind that backlog: once it is answered, the next run starts
 * on an idle server (and the baseline is not measured while the app still uses the CPU).
 */
async function drain(url: string, token: string | undefined): Promise<void> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} after the load`);
}

export async function measure(
  label: string,
  server: Started,
  urlPath: string,
  token: string | undefined,
  options: Options,
): Promise<Load> {
  const url = `${server.url}${urlPath}`;
  process.stdout.write(`  ${label}: warm-up ${options.warmupSeconds} s, `);
  await load(url, token, options.warmupSeconds, options.connections);
  await drain(url, token);
  process.stdout.write(`measuring ${options.durationSeconds} s at ${options.connections} connections... `);
  const cpuBefore = cpuSeconds(server.pid);
  const result = await load(url, token, options.durationSeconds, options.connections);
  await drain(url, token);
  const cpuAfter = cpuSeconds(server.pid);
  // The requests autocannon dropped at the end were answered too (drain waited for them): counted as
  // answered, the figure is a little high, never low.
  result.cpuMicrosPerRequest =
    cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / (result.requests + 1);
  const cpu =
    result.cpuMicrosPerRequest === null ? "" : `, ${Math.round(result.cpuMicrosPerRequest)} µs of CPU per request`;
  console.log(
    `${Math.round(result.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms${cpu}`,
  );
  return result;
}
