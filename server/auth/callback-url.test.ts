import { describe, expect, it } from "vitest";
import { isReadableCallbackUrl, sameOriginUrl, withoutUnreadableCallbackUrls } from "./callback-url";

const origin = "http://localhost:3000";

describe("sameOriginUrl", () => {
  it("takes paths and URLs of the service's own origin", () => {
    expect(sameOriginUrl("/transactions?page=2", origin)).toBe("http://localhost:3000/transactions?page=2");
    expect(sameOriginUrl("http://localhost:3000/reports", origin)).toBe("http://localhost:3000/reports");
  });

  it("refuses other origins, protocol-relative and backslash tricks, and what no URL parser reads", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "http://localhost:99999/",
      "http://a:b:c",
      "javascript:alert(1)",
      "http://localhost:3001/",
    ]) {
      expect(sameOriginUrl(target, origin), target).toBeNull();
    }
  });
});

describe("isReadableCallbackUrl", () => {
  it("reads paths and absolute http(s) URLs, as next-auth's own check does", () => {
    for (const target of ["/", "/reports", "https://evil.example/", "http://127.0.0.1:3000/x"])
      expect(isReadableCallbackUrl(target, origin), target).toBe(true);
    for (const target of ["http://localhost:99999/", "http://a:b:c", "javascript:alert(1)", "reports", ""])
      expect(isReadableCallbackUrl(target, origin), target).toBe(false);
  });
});

describe("withoutUnreadableCallbackUrls", () => {
  it("drops a callbackUrl next-auth cannot read from the query and keeps the rest of it", () => {
    const clean = withoutUnreadableCallbackUrls(
      new URL(`${origin}/api/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%3A99999%2F&x=1`),
      null,
    );
    expect(clean.url.search).toBe("?x=1");
    expect(
      withoutUnreadableCallbackUrls(new URL(`${origin}/api/auth/signin?callbackUrl=%2Freports`), null).url.search,
    ).toBe("?callbackUrl=%2Freports");
  });

  it("drops a planted callback-url cookie (either name) and keeps the other cookies", () => {
    const cookies =
      "next-auth.csrf-token=abc%7Cdef; next-auth.callback-url=http%3A%2F%2Fa%3Ab%3Ac; __Secure-next-auth.callback-url=http://localhost:99999/";
    const clean = withoutUnreadableCallbackUrls(new URL(`${origin}/api/auth/session`), cookies);
    expect(clean.cookieHeader).toBe("next-auth.csrf-token=abc%7Cdef");
    expect(clean.droppedCookies).toEqual(["next-auth.callback-url", "__Secure-next-auth.callback-url"]);
  });

  it("keeps a callback-url cookie next-auth can read, ours or not (the redirect callback decides where to go)", () => {
    const cookies =
      "next-auth.callback-url=http%3A%2F%2F127.0.0.1%3A3000%2Freports; __Secure-next-auth.callback-url=%2Freports";
    const clean = withoutUnreadableCallbackUrls(new URL(`${origin}/api/auth/session`), cookies);
    expect(clean.cookieHeader).toBe(cookies);
    expect(clean.droppedCookies).toEqual([]);
  });
});
