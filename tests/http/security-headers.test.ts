import { describe, expect, it } from "vitest";
import { parseRawAnswer, rawExchange, rawRequest } from "./raw-http";
import { dashboardOfThisFile, expectCommonHeaders } from "./dashboard-security-testing";

/** Security headers on pages, files and JSON answers, and the password forms in the server's HTML. */

const dashboard = dashboardOfThisFile();

const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

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
      const response = await fetch(`${dashboard.baseUrl}${path}`);
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
    const first = pagePolicy((await fetch(`${dashboard.baseUrl}/sign-in`)).headers).nonce;
    const second = pagePolicy((await fetch(`${dashboard.baseUrl}/sign-in`)).headers).nonce;
    expect(first).not.toBe(second);
  });

  it("a signed-in dashboard page and the redirect of a signed-out one carry them too", async () => {
    const signedIn = await fetch(`${dashboard.baseUrl}/reports`, { headers: { cookie: dashboard.demoCookie } });
    expect(signedIn.status).toBe(200);
    expectCommonHeaders(signedIn.headers);
    expect(pagePolicy(signedIn.headers).nonce).not.toBe("");

    const signedOut = await fetch(`${dashboard.baseUrl}/reports`, { redirect: "manual" });
    expect(signedOut.status).toBe(307);
    expectCommonHeaders(signedOut.headers);
  });

  it("files (built scripts, Swagger UI's assets, the icon) allow nothing and cannot be framed", async () => {
    const html = await (await fetch(`${dashboard.baseUrl}/sign-in`)).text();
    const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(chunk).toBeDefined();
    for (const path of [
      chunk!,
      "/docs/api/assets/swagger-ui-bundle.js",
      "/docs/api/assets/swagger-ui.css",
      "/favicon.svg",
    ]) {
      const response = await fetch(`${dashboard.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expectCommonHeaders(response.headers);
      expect(response.headers.get("content-security-policy"), path).toBe(NON_PAGE_CSP);
    }
  });

  it("JSON answers served by Next (OpenAPI document, tRPC, unknown paths) carry them", async () => {
    const responses = [
      await fetch(`${dashboard.baseUrl}/api/v1/openapi.json`),
      await fetch(`${dashboard.baseUrl}/api/trpc/credentials.list?input=%7B%7D`, {
        headers: { cookie: dashboard.demoCookie },
      }),
      await fetch(`${dashboard.baseUrl}/api/v1/no-such-endpoint`),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 200, 404]);
    for (const response of responses) {
      expectCommonHeaders(response.headers);
      expect(response.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
    }
  });

  it("REST errors answered by the REST handler carry them", async () => {
    const response = await dashboard.api.call("GET", "/api/v1/programmatic/accounts");
    expect(response.status).toBe(401);
    expectCommonHeaders(response.headers);
    expect(response.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
  });

  it("REST success answers carry them, and the production server's own refusals (405 for TRACE)", async () => {
    const health = await dashboard.api.call("GET", "/api/v1/health");
    expect(health.status).toBe(200);
    expectCommonHeaders(health.headers);
    expect(health.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
    const trace = await rawRequest(`${dashboard.baseUrl}/sign-in`, { method: "TRACE" });
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
    const answer = parseRawAnswer(await rawExchange(dashboard.baseUrl, bytes));
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
      const html = await (
        await fetch(`${dashboard.baseUrl}${path}`, { headers: { cookie: dashboard.demoCookie } })
      ).text();
      const forms = passwordForms(html);
      expect(forms.length).toBeGreaterThan(0);
      for (const { form, submit } of forms) {
        expect(form).toContain('method="post"');
        expect(submit).toMatch(/\sdisabled(="")?[\s>]/);
      }
    },
  );
});
