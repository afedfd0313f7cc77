import { describe, expect, it } from "vitest";
import { browserCookies, cookiesOf, DEMO } from "./browser-session";
import { randomIp } from "./client";
import { dashboardOfThisFile, expectCommonHeaders } from "./dashboard-security-testing";

/**
 * The same-origin rule for writes authenticated by the dashboard's cookie (the upload and tRPC
 * mutations), and next-auth's CSRF token on its own POST routes.
 */

const dashboard = dashboardOfThisFile();

const REFUSAL = {
  statusCode: 403,
  code: "INSUFFICIENT_SCOPE",
  message: "Cross-site requests are refused: send this request from the dashboard's own pages.",
  error: "Forbidden",
};
const CSV = [
  "Date,Description,Amount",
  `${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)},Same-origin upload,-1.50`,
  "",
].join("\r\n");

async function upload(headers: Record<string, string>) {
  const form = new FormData();
  form.set("account_id", dashboard.travelEur);
  form.set("file", new Blob([CSV]), "same-origin.csv");
  const response = await fetch(`${dashboard.baseUrl}/api/dashboard/imports`, {
    method: "POST",
    headers: { cookie: dashboard.demoCookie, "x-forwarded-for": randomIp(), ...headers },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe("the dashboard's upload refuses cross-site requests", () => {
  it("answers 403 with the error body to a foreign Origin or a cross-site Sec-Fetch-Site", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "null" },
    ];
    for (const headers of crossSite) {
      const answer = await upload(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toEqual({ ...REFUSAL, request_id: answer.headers.get("x-request-id") });
      expectCommonHeaders(answer.headers);
    }
  });

  it("does not believe X-Forwarded-Host", async () => {
    const answer = await upload({ origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(answer.status).toBe(403);
  });

  it("accepts the same origin (by Sec-Fetch-Site, or by Origin from older browsers)", async () => {
    const bySite = await upload({ "sec-fetch-site": "same-origin", origin: dashboard.baseUrl });
    expect(bySite.status).toBe(201);
    expect(bySite.body.data.attributes.file_name).toBe("same-origin.csv");
    const byOrigin = await upload({ origin: dashboard.baseUrl });
    expect(byOrigin.status).toBe(201);
  });
});

/** A tRPC mutation as the dashboard sends it (revoking a credential that does not exist: 404 when allowed). */
async function revokeMutation(headers: Record<string, string>) {
  const response = await fetch(`${dashboard.baseUrl}/api/trpc/credentials.revoke?batch=1`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ 0: { id: "00000000-0000-4000-8000-000000000000" } }),
  });
  const body = (await response.json()) as Array<{
    error: { data: { code: string; httpStatus: number; appCode: string }; message: string };
  }>;
  return { status: response.status, error: body[0]!.error };
}

describe("tRPC mutations with the browser's cookie refuse cross-site requests", () => {
  it("answers FORBIDDEN to a cross-site Sec-Fetch-Site or a foreign Origin", async () => {
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
    ];
    for (const headers of crossSite) {
      const answer = await revokeMutation({ cookie: dashboard.demoCookie, ...headers });
      expect(answer.status).toBe(403);
      expect(answer.error.data).toMatchObject({ code: "FORBIDDEN", httpStatus: 403, appCode: "INSUFFICIENT_SCOPE" });
      expect(answer.error.message).toBe(REFUSAL.message);
    }
  });

  it("refuses a cross-site mutation before looking at its body (403, not 415 for text/plain or 413)", async () => {
    for (const body of ["{}", "x".repeat(2 * 1024 * 1024)]) {
      const response = await fetch(`${dashboard.baseUrl}/api/trpc/credentials.revoke`, {
        method: "POST",
        headers: { cookie: dashboard.demoCookie, origin: "https://evil.example", "content-type": "text/plain" },
        body,
      });
      expect(response.status).toBe(403);
      const answer = (await response.json()) as { error: { message: string; data: { appCode: string } } };
      expect(answer.error.data.appCode).toBe("INSUFFICIENT_SCOPE");
      expect(answer.error.message).toBe(REFUSAL.message);
    }
  });

  it("lets same-origin mutations through", async () => {
    const sameOrigin: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin" },
      { origin: dashboard.baseUrl },
      {},
    ];
    for (const headers of sameOrigin) {
      const answer = await revokeMutation({ cookie: dashboard.demoCookie, ...headers });
      expect(answer.status).toBe(404);
      expect(answer.error.data.appCode).toBe("RESOURCE_NOT_FOUND");
    }
  });

  it("does not check callers that send their own Authorization header (a script's token is not forgeable cross-site)", async () => {
    const answer = await revokeMutation({
      authorization: `Bearer ${dashboard.sessionToken}`,
      "sec-fetch-site": "cross-site",
    });
    expect(answer.status).toBe(404);
  });

  it("does not check queries (GET reads change nothing)", async () => {
    const response = await fetch(`${dashboard.baseUrl}/api/trpc/credentials.list?input=%7B%7D`, {
      headers: { cookie: dashboard.demoCookie, "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(200);
  });
});

describe("next-auth's own POST routes need its CSRF token", () => {
  it("does not sign out without the token", async () => {
    const cookie = await browserCookies(dashboard.baseUrl, DEMO.email, DEMO.password);
    const signOut = await fetch(`${dashboard.baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ json: "true" }),
    });
    expect(signOut.headers.get("location") ?? (await signOut.text())).toContain("csrf=true");
    const session = await (await fetch(`${dashboard.baseUrl}/api/auth/session`, { headers: { cookie } })).json();
    expect(session.user.email).toBe(DEMO.email);
  });

  it("does not sign in without the token (no login CSRF)", async () => {
    const signIn = await fetch(`${dashboard.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
      body: new URLSearchParams({ ...DEMO, json: "true" }),
    });
    expect(cookiesOf(signIn).some((cookie) => cookie.startsWith("next-auth.session-token="))).toBe(false);
  });
});
