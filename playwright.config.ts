import { defineConfig } from "@playwright/test";
import { E2E_PORTS, serverUrl } from "./e2e/servers";
import { serverBundlePath } from "./scripts/server-bundle";

/** What E2E_TRACE may ask of Playwright's tracing. */
const TRACE_MODES = ["off", "on", "retain-on-failure", "on-first-retry", "retain-on-first-failure"] as const;

function traceMode(asked: string | undefined): (typeof TRACE_MODES)[number] {
  if (!asked) return "off";
  const mode = TRACE_MODES.find((candidate) => candidate === asked);
  if (!mode) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(", ")} (got "${asked}")`);
  return mode;
}

/**
 * Browser tests in Debian's Chromium against the production server (scripts/serve.ts, run from its
 * bundle .next/serve.mjs) on an in-memory database (seeded at start): one server per worker
 * (e2e/servers.ts), so the two workers never see each other's changes to the demo workspace.
 */
export default defineConfig({
  testDir: "e2e",
  workers: E2E_PORTS.length,
  retries: 0,
  timeout: 60_000,
  // A server's answer on a busy 2-core machine (the HTTP tests run beside the browser tests in npm
  // test) has taken over 5 s; an assertion waits up to 10 s for what the page shows next.
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: "playwright-report" }],
    // npm test's timing table (scripts/test-timings.mjs) reads each test's time from here.
    ...(process.env.PFA_TIMINGS_FILE ? [["json", { outputFile: process.env.PFA_TIMINGS_FILE }] as const] : []),
  ],
  use: {
    // e2e/test.ts gives each worker its own server's; this one serves anything that asks outside a test.
    baseURL: serverUrl(0),
    // Amounts and dates follow the browser's language: one fixed locale keeps the assertions the same on every machine.
    locale: "en-GB",
    screenshot: "only-on-failure",
    // No trace unless asked (E2E_TRACE=retain-on-failure, or on): recording one for every test cost
    // the suite a fifth of its time and a third of its CPU (3.4 min against 2.7 min on an idle machine).
    // A failure still leaves its screenshot and the page's ARIA snapshot (error-context.md).
    trace: traceMode(process.env.E2E_TRACE),
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: E2E_PORTS.map((port) => ({
    command: `node "${serverBundlePath()}" --port ${port} --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "",
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "warn",
      // e2e/webhooks.spec.ts sends a test event to a receiver of its own on this machine.
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_ALLOW_HTTP: "true",
      // The server runs in production mode, where the dashboard refuses to sign anyone in without a secret.
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-only-nextauth-secret-not-for-production",
    },
  })),
});
