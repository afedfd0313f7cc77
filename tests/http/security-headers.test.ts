import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRawAnswer, rawExchange, rawRequest } from "./raw-http";
import { browserCookies, cookiesOf, DEMO, startDashboardServer } from "./browser-session";
import { createClient, randomIp } from "./client";
import type { RunningServer } from "./server";

/**
 * Security headers on pages, files and JSON answers, and the same-origin rule for writes
 * authenticated by the dashboard's cookie. Its own server: browsers sign in only where
 * NEXTAUTH_SECRET is set.
 */

let server: RunningServer;
let baseUrl: string;
let api: ReturnType<typeof createClient>;
let demoCookie: string;
let sessionToken: string;
let travelEur: string;

beforeAll(async () => {
  ({
    server,
    api,
    demo: { cookie: demoCookie, sessionToken, travelEurAccountId: travelEur },
  } = await startDashboardServer());
  baseUrl = server.baseUrl;
});
afterAll(async () => server?.stop());

const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

function expectCommonHeaders(headers: Headers): void {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("x-frame-options")).toBe("DENY");
}

/** The page's CSP as directive -> sources, and its nonce. */
function pagePolicy(headers: Headers): { directives: Map<string, string>; nonce: string } {
  const header = headers.get("content-security-policy") ?? "";
  const directives = new Map(
    header.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources.join(" ")];
    }),
  );
  const nonce = /'nonce-([^']+)'/.exec(directives.get("script-src") ?? "")?.[1] ?? "";
  return { directives, nonce };
}

describe("security headers", () => {
  it("pages get a nonce-based CSP, and every script in them carries that nonce", async () => {
    for (const path of ["/sign-in", "/docs/api", "/"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expectCommonHeaders(response.headers);
      const { directives, nonce } = pagePolicy(response.headers);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(directives.get("script-src")).toBe(`'self' 'nonce-${nonce}'`);
      expect(directives.get("default-src")).toBe("'none'");
      expect(directives.get("object-src")).toBe("'none'");
      expect(directives.get("frame-ancestors")).toBe("'none'");
      expect(directives.get("form-action")).toBe("'self'");
      expect(directives.get("base-uri")).toBe("'none'");

      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) expect(script, path).toContain(`nonce="${nonce}"`);
    }
  });

  it("gives every page response its own nonce", async () => {
    const first = pagePolicy((await fetch(`${baseUrl}/sign-in`)).headers).nonce;
    const second = pagePolicy((await fetch(`${baseUrl}/sign-in`)).headers).nonce;
    expect(first).not.toBe(second);
  });

  it("a signed-in dashboard page and the redirect of a signed-out one carry them too", async () => {
    const signedIn = await fetch(`${baseUrl}/reports`, { headers: { cookie: demoCookie } });
    expect(signedIn.status).toBe(200);
    expectCommonHeaders(signedIn.headers);
    expect(pagePolicy(signedIn.headers).nonce).not.toBe("");

    const signedOut = await fetch(`${baseUrl}/reports`, { redirect: "manual" });
    expect(signedOut.status).toBe(307);
    expectCommonHeaders(signedOut.headers);
  });

  it("files (built scripts, Swagger UI's assets, the icon) allow nothing and cannot be framed", async () => {
    const html = await (await fetch(`${baseUrl}/sign-in`)).text();
    const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(chunk).toBeDefined();
    for (const path of [
      chunk!,
      "/docs/api/assets/swagger-ui-bundle.js",
      "/docs/api/assets/swagger-ui.css",
      "/favicon.svg",
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expectCommonHeaders(response.headers);
      expect(response.headers.get("content-security-policy"), path).toBe(NON_PAGE_CSP);
    }
  });

  it("JSON answers served by Next (OpenAPI document, tRPC, unknown paths) carry them", async () => {
    const responses = [
      await fetch(`${baseUrl}/api/v1/openapi.json`),
      await fetch(`${baseUrl}/api/trpc/credentials.list?input=%7B%7D`, { headers: { cookie: demoCookie } }),
      await fetch(`${baseUrl}/api/v1/no-such-endpoint`),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 200, 404]);
    for (const response of responses) {
      expectCommonHeaders(response.headers);
      expect(response.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
    }
  });

  it("REST errors answered by the REST handler carry them", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/accounts");
    expect(response.status).toBe(401);
    expectCommonHeaders(response.headers);
    expect(response.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
  });

  it("REST success answers carry them, and the production server's own refusals (405 for TRACE)", async () => {
    const health = await api.call("GET", "/api/v1/health");
    expect(health.status).toBe(200);
    expectCommonHeaders(health.headers);
    expect(health.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
    const trace = await rawRequest(`${baseUrl}/sign-in`, { method: "TRACE" });
    expect(trace.status).toBe(405);
    expect(trace.headers["x-content-type-options"]).toBe("nosniff");
    expect(trace.headers["content-security-policy"]).toBe(NON_PAGE_CSP);
  });
});

describe("security headers on what the server writes before a request exists", () => {
  it.each([
    [
      "431 for headers over 16 KiB",
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(17_000)}\r\n\r\n`,
      431,
    ],
    ["400 for an unparseable request", "GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", 400],
    ["405 for CONNECT", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 405],
  ])("the %s carries them", async (_what, bytes, status) => {
    const answer = parseRawAnswer(await rawExchange(baseUrl, bytes));
    expect(answer.status).toBe(status);
    const headers = new Headers(
      answer.head
        .split("\r\n")
        .slice(1)
        .map(
          (line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as [string, string],
        ),
    );
    expectCommonHeaders(headers);
    expect(headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
  });
});

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
  form.set("account_id", travelEur);
  form.set("file", new Blob([CSV]), "same-origin.csv");
  const response = await fetch(`${baseUrl}/api/dashboard/imports`, {
    method: "POST",
    headers: { cookie: demoCookie, "x-forwarded-for": randomIp(), ...headers },
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
    const bySite = await upload({ "sec-fetch-site": "same-origin", origin: baseUrl });
    expect(bySite.status).toBe(201);
    expect(bySite.body.data.attributes.file_name).toBe("same-origin.csv");
    const byOrigin = await upload({ origin: baseUrl });
    expect(byOrigin.status).toBe(201);
  });
});

/** A tRPC mutation as the dashboard sends it (revoking a credential that does not exist: 404 when allowed). */
async function revokeMutation(headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}/api/trpc/credentials.revoke?batch=1`, {
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
      const answer = await revokeMutation({ cookie: demoCookie, ...headers });
      expect(answer.status).toBe(403);
      expect(answer.error.data).toMatchObject({ code: "FORBIDDEN", httpStatus: 403, appCode: "INSUFFICIENT_SCOPE" });
      expect(answer.error.message).toBe(REFUSAL.message);
    }
  });

  it("refuses a cross-site mutation before looking at its body (403, not 415 for text/plain or 413)", async () => {
    for (const body of ["{}", "x".repeat(2 * 1024 * 1024)]) {
      const response = await fetch(`${baseUrl}/api/trpc/credentials.revoke`, {
        method: "POST",
        headers: { cookie: demoCookie, origin: "https://evil.example", "content-type": "text/plain" },
        body,
      });
      expect(response.status).toBe(403);
      const answer = (await response.json()) as { error: { message: string; data: { appCode: string } } };
      expect(answer.error.data.appCode).toBe("INSUFFICIENT_SCOPE");
      expect(answer.error.message).toBe(REFUSAL.message);
    }
  });

  it("lets same-origin mutations through", async () => {
    const sameOrigin: Record<string, string>[] = [{ "sec-fetch-site": "same-origin" }, { origin: baseUrl }, {}];
    for (const headers of sameOrigin) {
      const answer = await revokeMutation({ cookie: demoCookie, ...headers });
      expect(answer.status).toBe(404);
      expect(answer.error.data.appCode).toBe("RESOURCE_NOT_FOUND");
    }
  });

  it("does not check callers that send their own Authorization header (a script's token is not forgeable cross-site)", async () => {
    const answer = await revokeMutation({ authorization: `Bearer ${sessionToken}`, "sec-fetch-site": "cross-site" });
    expect(answer.status).toBe(404);
  });

  it("does not check queries (GET reads change nothing)", async () => {
    const response = await fetch(`${baseUrl}/api/trpc/credentials.list?input=%7B%7D`, {
      headers: { cookie: demoCookie, "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(200);
  });
});

describe("next-auth's own POST routes need its CSRF token", () => {
  it("does not sign out without the token", async () => {
    const cookie = await browserCookies(baseUrl, DEMO.email, DEMO.password);
    const signOut = await fetch(`${baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ json: "true" }),
    });
    expect(signOut.headers.get("location") ?? (await signOut.text())).toContain("csrf=true");
    const session = await (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie } })).json();
    expect(session.user.email).toBe(DEMO.email);
  });

  it("does not sign in without the token (no login CSRF)", async () => {
    const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
      body: new URLSearchParams({ ...DEMO, json: "true" }),
    });
    expect(cookiesOf(signIn).some((cookie) => cookie.startsWith("next-auth.session-token="))).toBe(false);
  });
});

describe("forms that carry a password, as the server's HTML has them", () => {
  /** Every `<form>` of the page that has a password input: its opening tag and its submit button's tag. */
  function passwordForms(html: string): Array<{ form: string; submit: string }> {
    return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
      .map(([form]) => form)
      .filter((form) => /type="password"/.test(form))
      .map((form) => ({
        form: /<form\b[^>]*>/.exec(form)![0],
        submit: /<button\b[^>]*type="submit"[^>]*>/.exec(form)?.[0] ?? "",
      }));
  }

  // Before React runs, a click would submit natively: a GET puts the password in the URL and the logs.
  it.each(["/sign-in", "/sign-up", "/reset-password?token=abc", "/security"])(
    "%s posts, and its button waits for the page's script",
    async (path) => {
      const html = await (await fetch(`${baseUrl}${path}`, { headers: { cookie: demoCookie } })).text();
      const forms = passwordForms(html);
      expect(forms.length).toBeGreaterThan(0);
      for (const { form, submit } of forms) {
        expect(form).toContain('method="post"');
        expect(submit).toMatch(/\sdisabled(="")?[\s>]/);
      }
    },
  );
});
