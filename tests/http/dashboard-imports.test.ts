import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserCookies, startDashboardServer } from "./browser-session";
import { createClient, randomIp } from "./client";
import type { RunningServer } from "./server";

/**
 * The dashboard's statement upload (/api/dashboard/imports): the browser's session cookie, not a
 * PAT. Its own server, because browsers can only sign in where NEXTAUTH_SECRET is set.
 */

let server: RunningServer;
let baseUrl: string;
let api: ReturnType<typeof createClient>;

function recentDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function upload(cookie: string | null, accountId: string, csv: string) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([csv]), "dashboard.csv");
  const headers: Record<string, string> = { "x-forwarded-for": randomIp() };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${baseUrl}/api/dashboard/imports`, { method: "POST", headers, body: form });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const CSV = ["Date,Description,Amount", `${recentDay(2)},Dashboard upload test,-6.66`, ""].join("\r\n");

let demoCookie: string;
let otherCookie: string;
let travelEur: string;

beforeAll(async () => {
  ({ server, api, demo: { cookie: demoCookie, travelEurAccountId: travelEur } } = await startDashboardServer());
  baseUrl = server.baseUrl;

  const other = await api.signUp();
  otherCookie = await browserCookies(baseUrl, other.email, other.password);
});
afterAll(async () => server?.stop());

describe("POST /api/dashboard/imports", () => {
  it("creates the preview for the signed-in browser's workspace", async () => {
    const answer = await upload(demoCookie, travelEur, CSV);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ type: "import_jobs", attributes: { status: "parsed", file_name: "dashboard.csv", total_rows: 1, account_id: travelEur } });
    expect(answer.body.data.attributes.preview[0]).toMatchObject({ amount: "-6.66", currency_code: "EUR", description: "Dashboard upload test" });
    expect(answer.body.side_effects).toEqual([expect.objectContaining({ domain: "import_jobs", id: answer.body.data.id, action: "create" })]);
    expect(answer.headers.get("idempotent-replayed")).toBeNull();

    // No Idempotency-Key from a browser: the same file again is a new import, not a replay.
    const again = await upload(demoCookie, travelEur, CSV);
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(answer.body.data.id);
  });

  it("answers 401 without a session, and 404 for an account of another workspace", async () => {
    const anonymous = await upload(null, travelEur, CSV);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, code: "TOKEN_MISSING" });
    expect(anonymous.headers.get("x-request-id")).toBe(anonymous.body.request_id);

    // The demo's account, uploaded to by another user's browser.
    const foreign = await upload(otherCookie, travelEur, CSV);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("RESOURCE_NOT_FOUND");
  });

  it("answers 405 to other methods", async () => {
    const response = await fetch(`${baseUrl}/api/dashboard/imports`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
