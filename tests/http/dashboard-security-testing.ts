import { afterAll, beforeAll, expect } from "vitest";
import { startDashboardServer } from "./browser-session";
import type { createClient } from "./client";
import type { RunningServer } from "./server";

/** A server of the test file's own that browsers sign in to, and what its fields hold once it runs. */
export interface DashboardOfThisFile {
  baseUrl: string;
  api: ReturnType<typeof createClient>;
  /** The demo user's browser cookies, a session token of theirs, and their "Travel (EUR)" account. */
  demoCookie: string;
  sessionToken: string;
  travelEur: string;
}

/**
 * Starts the file's dashboard server (startDashboardServer: browsers sign in only where
 * NEXTAUTH_SECRET is set) before its first test and stops it after its last. Its fields are read
 * inside tests, when beforeAll has filled them.
 */
export function dashboardOfThisFile(): DashboardOfThisFile {
  const dashboard = {} as DashboardOfThisFile;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const started = await startDashboardServer();
    server = started.server;
    Object.assign(dashboard, {
      baseUrl: started.server.baseUrl,
      api: started.api,
      demoCookie: started.demo.cookie,
      sessionToken: started.demo.sessionToken,
      travelEur: started.demo.travelEurAccountId,
    });
  });
  afterAll(async () => server?.stop());
  return dashboard;
}

/** The headers every answer carries, pages, files and JSON alike. */
export function expectCommonHeaders(headers: Headers): void {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("x-frame-options")).toBe("DENY");
}
