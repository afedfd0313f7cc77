import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { browserCookies, cookiesOf } from "./browser-session";
import { createClient, randomIp } from "./client";

/** next-auth's routes and the pages behind them, given a callback URL or a callback-url cookie that is foreign or broken. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

describe("next-auth routes never answer 500 for a callback URL or cookie", () => {
  const logFile = inject("serverLogFile");
  const nextAuthErrors = () =>
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes("next-auth error")).length;
  const foreign = ["99999", "evil.example", "a:b:c"];

  async function csrf(): Promise<{ csrfToken: string; cookie: string }> {
    const response = await fetch(`${baseUrl}/api/auth/csrf`);
    return { csrfToken: (await response.json()).csrfToken, cookie: cookiesOf(response).join("; ") };
  }

  it("ignores a callbackUrl in the query or a form that it cannot parse or that is not ours", async () => {
    const errorsBefore = nextAuthErrors();
    const { csrfToken, cookie } = await csrf();
    const form = (fields: Record<string, string>): RequestInit => ({
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, json: "true", ...fields }),
    });
    const requests: Array<[string, RequestInit]> = [
      ["/api/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%3A99999%2F", {}],
      ["/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F", {}],
      ["/api/auth/session?callbackUrl=http%3A%2F%2Fa%3Ab%3Ac", {}],
      [
        "/api/auth/callback/credentials",
        form({ email: "nobody@example.com", password: "wrong password", callbackUrl: "http://a:b:c" }),
      ],
      ["/api/auth/signout?callbackUrl=http%3A%2F%2Fa%3Ab%3Ac", form({ callbackUrl: "http://localhost:99999/" })],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${baseUrl}${path}`, {
        redirect: "manual",
        ...init,
        headers: { "x-forwarded-for": randomIp(), ...init.headers },
      });
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      const location = response.headers.get("location") ?? "";
      const text = await response.text();
      for (const target of foreign) {
        expect(location, path).not.toContain(target);
        expect(text, path).not.toContain(target);
      }
    }
    expect(nextAuthErrors()).toBe(errorsBefore);
  });

  it("sends a browser from next-auth's own HTML pages to the sign-in page, never a 500 in HTML", async () => {
    // /api/auth/error?error=Configuration was a 500 text/html page, in no log.
    for (const path of ["/api/auth/error?error=Configuration", "/api/auth/error", "/api/auth/signout"]) {
      const response = await fetch(`${baseUrl}${path}`, {
        redirect: "manual",
        headers: { "x-forwarded-for": randomIp() },
      });
      expect([path, response.status]).toEqual([path, 302]);
      expect(new URL(response.headers.get("location") ?? "", baseUrl).pathname, path).toBe("/sign-in");
    }
  });

  it("refuses a planted callback-url cookie with 400 and deletes it, so the browser's next request works", async () => {
    const errorsBefore = nextAuthErrors();
    for (const value of ["http://a:b:c", "http://localhost:99999/"]) {
      const planted = `next-auth.callback-url=${encodeURIComponent(value)}`;
      for (const path of ["/api/auth/session", "/api/auth/providers", "/api/auth/csrf"]) {
        const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: planted } });
        expect(response.status, path).toBe(400);
        const body = await response.json();
        expect(body).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
        expect(body.message).toContain("next-auth.callback-url cookie");
        expect(response.headers.get("x-request-id")).toBe(body.request_id);
        expect(response.headers.getSetCookie().join("\n")).toMatch(/^next-auth\.callback-url=; Path=\/; Max-Age=0/m);
      }
      // What the browser sends next, without the deleted cookie.
      const after = await fetch(`${baseUrl}/api/auth/session`);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({});
    }
    expect(nextAuthErrors()).toBe(errorsBefore);
  });

  it("serves pages, signed in or not, with a planted cookie taken out and deleted", async () => {
    const errorsBefore = nextAuthErrors();
    const user = await api.signUp();
    const signedIn = await browserCookies(baseUrl, user.email, user.password);
    for (const [path, cookie] of [
      ["/sign-in", ""],
      ["/transactions", signedIn],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, {
        redirect: "manual",
        headers: { cookie: `${cookie}; next-auth.callback-url=http%3A%2F%2Fa%3Ab%3Ac` },
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.getSetCookie().join("\n"), path).toMatch(
        /^next-auth\.callback-url=; Path=\/; Max-Age=0/m,
      );
    }
    expect(nextAuthErrors()).toBe(errorsBefore);
  });
});
