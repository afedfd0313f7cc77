import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, ERROR_TABLE, errorBody, toAppError } from "./errors";

describe("error table", () => {
  it("gives every contract code its status and reason phrase", () => {
    const expected: Record<string, number> = {
      VALIDATION_FAILED: 400,
      PROGRAMMATIC_PAGINATION_MODE_CONFLICT: 400,
      IDEMPOTENCY_KEY_INVALID: 400,
      IMPORT_FILE_UNREADABLE: 400,
      IMPORT_FILE_TYPE_UNSUPPORTED: 400,
      TOKEN_MISSING: 401,
      TOKEN_INVALID: 401,
      TOKEN_EXPIRED: 401,
      TOKEN_REVOKED: 401,
      INVALID_CREDENTIALS: 401,
      INSUFFICIENT_SCOPE: 403,
      WORKSPACE_ACCESS_REVOKED: 403,
      RESOURCE_NOT_FOUND: 404,
      ROUTE_NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      IDEMPOTENCY_KEY_REUSED: 409,
      IDEMPOTENCY_KEY_IN_PROGRESS: 409,
      IMPORT_STATE_CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      DOMAIN_CONSTRAINT_VIOLATION: 422,
      RATE_LIMITED: 429,
      INTERNAL_ERROR: 500,
    };
    for (const [code, status] of Object.entries(expected)) {
      expect(ERROR_TABLE[code as keyof typeof ERROR_TABLE].status).toBe(status);
    }
    expect(errorBody("PAYLOAD_TOO_LARGE", "too big", "id")).toEqual({
      statusCode: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: "too big",
      error: "Payload Too Large",
      request_id: "id",
    });
    expect(errorBody("DOMAIN_CONSTRAINT_VIOLATION", "m", "id").error).toBe("Unprocessable Entity");
  });

  it("turns a zod input failure into VALIDATION_FAILED naming each field", () => {
    const result = z.object({ limit: z.number().max(200), name: z.string() }).safeParse({ limit: 500 });
    const error = toAppError({ code: "BAD_REQUEST", message: "Input validation failed", cause: result.error });
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toMatch(/^Validation failed: limit: .+; name: .+/);
  });

  it("keeps an AppError thrown by the domain and hides anything else", () => {
    const domain = new AppError("RESOURCE_NOT_FOUND", "Wallet not found.");
    expect(toAppError({ code: "NOT_FOUND", message: "x", cause: domain })).toBe(domain);
    const hidden = toAppError({ code: "INTERNAL_SERVER_ERROR", message: 'relation "users" does not exist' });
    expect(hidden.code).toBe("INTERNAL_ERROR");
    expect(hidden.message).not.toContain("users");
  });
});

describe("a 400 VALIDATION_FAILED raised with a message alone", () => {
  it("lists the problem its message names as issues (sign-up's time zone, an account_map key, an index)", () => {
    const issues = (message: string) => errorBody("VALIDATION_FAILED", message, "id").issues;
    expect(issues("Validation failed: timezone: Mars/Olympus is not an IANA time zone")).toEqual([
      { path: ["timezone"], code: "custom", message: "Mars/Olympus is not an IANA time zone" },
    ]);
    expect(
      issues("Validation failed: parse_options.account_map: “x” names no statement; its statements are “a”"),
    ).toEqual([
      {
        path: ["parse_options", "account_map"],
        code: "custom",
        message: "“x” names no statement; its statements are “a”",
      },
    ]);
    expect(issues("Validation failed: rows.2.row: 99 is not a row of this import's preview")?.[0]?.path).toEqual([
      "rows",
      2,
      "row",
    ]);
    // No field named: the request as a whole.
    expect(issues("The HTTP request is malformed.")).toEqual([
      { path: [], code: "custom", message: "The HTTP request is malformed." },
    ]);
  });

  it("keeps the issues it was given, and other codes have none", () => {
    const given = [{ path: ["limit"], code: "too_big", message: "must be 200 or less" }];
    expect(errorBody("VALIDATION_FAILED", "Validation failed: limit: must be 200 or less", "id", given).issues).toEqual(
      given,
    );
    expect(errorBody("RESOURCE_NOT_FOUND", "No such account.", "id")).not.toHaveProperty("issues");
  });
});

describe("bounds of one field", () => {
  it("say the tighter one only (a page of 10^20 is over the safe integers and over 1,000,000)", () => {
    const parsed = z
      .object({ page: z.coerce.number().int().min(1).max(1_000_000) })
      .safeParse({ page: "99999999999999999999" });
    const error = toAppError({ code: "BAD_REQUEST", message: "", cause: parsed.error });
    expect(error.issues.map((issue) => [issue.path, issue.code])).toEqual([[["page"], "too_big"]]);
    expect(error.message).toMatch(/^Validation failed: page: .*1000000/);
  });
});
