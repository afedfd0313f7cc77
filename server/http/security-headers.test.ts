import { describe, expect, it } from "vitest";
import { jsonResponse } from "./responses";
import { pageContentSecurityPolicy, securityHeaders, strictTransportSecurity } from "./security-headers";

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(" ")];
    }),
  );
}

describe("pageContentSecurityPolicy", () => {
  it("allows scripts only from this origin or with the response's nonce", () => {
    const policy = directives(pageContentSecurityPolicy("abc123"));
    expect(policy.get("default-src")).toBe("'none'");
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123'");
    expect(policy.get("style-src-elem")).toBe("'self' 'nonce-abc123'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(pageContentSecurityPolicy("abc123")).not.toContain("unsafe-eval");
  });

  it("allows eval and inline <style> only in development (React's error stacks, the overlay)", () => {
    const policy = directives(pageContentSecurityPolicy("n", { development: true }));
    expect(policy.get("script-src")).toBe("'self' 'nonce-n' 'unsafe-eval'");
    expect(policy.get("style-src-elem")).toBe("'self' 'unsafe-inline'");
  });
});

describe("securityHeaders", () => {
  it("are on every JSON answer", () => {
    const response = jsonResponse({ ok: true }, 200);
    for (const [name, value] of Object.entries(securityHeaders())) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("strictTransportSecurity", () => {
  it("is sent when the public origin is https, unless HSTS=off", () => {
    expect(strictTransportSecurity({ NEXTAUTH_URL: "https://money.example.com", HSTS: "on" })).toBe("max-age=31536000");
    expect(strictTransportSecurity({ PUBLIC_BASE_URL: "https://money.example.com", HSTS: "on" })).toBe(
      "max-age=31536000",
    );
    expect(strictTransportSecurity({ NEXTAUTH_URL: "https://money.example.com", HSTS: "off" })).toBeNull();
    expect(strictTransportSecurity({ NEXTAUTH_URL: "http://localhost:3000", HSTS: "on" })).toBeNull();
    expect(strictTransportSecurity({ HSTS: "on" })).toBeNull();
  });
});
