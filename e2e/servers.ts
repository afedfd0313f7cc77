/**
 * The browser tests run in two workers, each against a server of its own (scripts/serve.ts on an
 * in-memory database seeded with the demo at start): a worker's tests see the demo workspace as a
 * single worker saw it, whatever the other worker's tests change in theirs. Playwright starts one
 * server per port (playwright.config.ts) and each worker calls the one at its parallel index
 * (e2e/test.ts). E2E_PORTS (comma-separated, one per worker; npm test picks free ones) or 3210,3211.
 */
export const E2E_PORTS: readonly number[] = (process.env.E2E_PORTS ?? "3210,3211")
  .split(",")
  .map((port) => Number(port.trim()))
  .filter((port) => Number.isInteger(port) && port > 0);

/** The server the worker with this parallel index calls. */
export function serverUrl(parallelIndex: number): string {
  return `http://127.0.0.1:${E2E_PORTS[parallelIndex % E2E_PORTS.length]}`;
}
