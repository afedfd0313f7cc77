import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { createCaller } from "./routers";
import { useTestDatabase } from "./testing/fixtures";
import { createContext } from "./trpc/context";

const db = useTestDatabase();

function caller(authorization?: string) {
  const headers = new Headers(authorization ? { authorization } : {});
  return createCaller(createContext({ db, requestId: "test", headers }));
}

describe("tRPC surface (the dashboard)", () => {
  it("carries a domain error as the matching tRPC code, not as an internal error", async () => {
    const missing = await caller()
      .credentials.list({ page: 1, limit: 10 })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(TRPCError);
    expect((missing as TRPCError).code).toBe("UNAUTHORIZED");
    expect(((missing as TRPCError).cause as unknown as { code: string }).code).toBe("TOKEN_MISSING");

    const wrong = await caller()
      .auth.createSession({ email: "nobody@example.com", password: "wrong password" })
      .catch((error: unknown) => error);
    expect((wrong as TRPCError).code).toBe("UNAUTHORIZED");
    expect(((wrong as TRPCError).cause as unknown as { code: string }).code).toBe("INVALID_CREDENTIALS");
  });
});
