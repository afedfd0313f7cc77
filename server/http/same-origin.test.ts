import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { assertSameOrigin, CROSS_SITE_MESSAGE, crossSiteRefusal, isSameOriginRequest } from "./same-origin";

const HOST = "money.example.com";

function headers(values: Record<string, string>): Headers {
  return new Headers({ host: HOST, ...values });
}

describe("isSameOriginRequest", () => {
  it("follows Sec-Fetch-Site when the browser sends it", () => {
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "same-origin" }), [])).toBe(true);
    // Typed into the address bar or opened from a bookmark: the person did it, no other site.
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "none" }), [])).toBe(true);
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "cross-site" }), [])).toBe(false);
    // A sibling subdomain is the same site but not us.
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "same-site" }), [])).toBe(false);
    expect(isSameOriginRequest(headers({ "sec-fetch-site": "something-new" }), [])).toBe(false);
  });

  it("lets Sec-Fetch-Site win over an Origin that looks right", () => {
    const sent = headers({ "sec-fetch-site": "cross-site", origin: `https://${HOST}` });
    expect(isSameOriginRequest(sent, [`https://${HOST}`])).toBe(false);
  });

  it("compares Origin with the Host header when there is no Sec-Fetch-Site", () => {
    expect(isSameOriginRequest(headers({ origin: `https://${HOST}` }), [])).toBe(true);
    expect(isSameOriginRequest(headers({ origin: `http://${HOST.toUpperCase()}` }), [])).toBe(true);
    expect(isSameOriginRequest(headers({ origin: "https://evil.example" }), [])).toBe(false);
    expect(isSameOriginRequest(headers({ origin: `https://${HOST}.evil.example` }), [])).toBe(false);
    expect(isSameOriginRequest(headers({ origin: `https://${HOST}:8443` }), [])).toBe(false);
    // Opaque origins: sandboxed frames, data: URLs.
    expect(isSameOriginRequest(headers({ origin: "null" }), [])).toBe(false);
  });

  it("does not believe X-Forwarded-Host", () => {
    const sent = headers({ origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(isSameOriginRequest(sent, [])).toBe(false);
  });

  it("accepts the configured public origin when a proxy rewrote Host", () => {
    const sent = new Headers({ host: "127.0.0.1:3000", origin: `https://${HOST}` });
    expect(isSameOriginRequest(sent, [`https://${HOST}`])).toBe(true);
    expect(isSameOriginRequest(sent, [])).toBe(false);
  });

  it("allows requests without either header (not a browser: curl, scripts)", () => {
    expect(isSameOriginRequest(headers({}), [])).toBe(true);
    expect(isSameOriginRequest(new Headers(), [])).toBe(true);
  });

  it("refuses an Origin when the request has no Host to compare with", () => {
    expect(isSameOriginRequest(new Headers({ origin: `https://${HOST}` }), [])).toBe(false);
  });
});

describe("assertSameOrigin", () => {
  const request = (values: Record<string, string>) =>
    new Request(`http://${HOST}/api/dashboard/imports`, { method: "POST", headers: headers(values) });

  it("throws a 403 INSUFFICIENT_SCOPE for a cross-site request", () => {
    const refused = request({ "sec-fetch-site": "cross-site" });
    expect(() => assertSameOrigin(refused)).toThrow(AppError);
    expect(crossSiteRefusal(refused)).toMatchObject({
      code: "INSUFFICIENT_SCOPE",
      status: 403,
      message: CROSS_SITE_MESSAGE,
    });
  });

  it("lets a same-origin request through", () => {
    expect(() =>
      assertSameOrigin(request({ "sec-fetch-site": "same-origin", origin: `http://${HOST}` })),
    ).not.toThrow();
    expect(crossSiteRefusal(request({ origin: `http://${HOST}` }))).toBeNull();
  });
});
