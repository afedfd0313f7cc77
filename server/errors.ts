import { STATUS_CODES } from "node:http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { classifyDatabaseFailure } from "./db/errors";

/** Every error code of CONTRACT "Errors", with its HTTP status and the tRPC code that carries it. */
export const ERROR_TABLE = {
  VALIDATION_FAILED: { status: 400, trpc: "BAD_REQUEST" },
  PROGRAMMATIC_PAGINATION_MODE_CONFLICT: { status: 400, trpc: "BAD_REQUEST" },
  IDEMPOTENCY_KEY_INVALID: { status: 400, trpc: "BAD_REQUEST" },
  IMPORT_FILE_UNREADABLE: { status: 400, trpc: "BAD_REQUEST" },
  IMPORT_FILE_TYPE_UNSUPPORTED: { status: 400, trpc: "BAD_REQUEST" },
  TOKEN_MISSING: { status: 401, trpc: "UNAUTHORIZED" },
  TOKEN_INVALID: { status: 401, trpc: "UNAUTHORIZED" },
  TOKEN_EXPIRED: { status: 401, trpc: "UNAUTHORIZED" },
  TOKEN_REVOKED: { status: 401, trpc: "UNAUTHORIZED" },
  INVALID_CREDENTIALS: { status: 401, trpc: "UNAUTHORIZED" },
  INSUFFICIENT_SCOPE: { status: 403, trpc: "FORBIDDEN" },
  WORKSPACE_ACCESS_REVOKED: { status: 403, trpc: "FORBIDDEN" },
  RESOURCE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  ROUTE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  METHOD_NOT_ALLOWED: { status: 405, trpc: "METHOD_NOT_SUPPORTED" },
  IDEMPOTENCY_KEY_REUSED: { status: 409, trpc: "CONFLICT" },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, trpc: "CONFLICT" },
  IMPORT_STATE_CONFLICT: { status: 409, trpc: "CONFLICT" },
  RULE_APPLICATION_CONFLICT: { status: 409, trpc: "CONFLICT" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  DOMAIN_CONSTRAINT_VIOLATION: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  RATE_LIMITED: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  INTERNAL_ERROR: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, trpc: "BAD_REQUEST" },
  SERVICE_UNAVAILABLE: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** The body of every error response (spec "Errors"). */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  error: string;
  request_id: string;
}

/** A failure the domain expects; anything else thrown becomes INTERNAL_ERROR. */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on RATE_LIMITED. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_TABLE[code].status;
  }
}

export const INTERNAL_ERROR_MESSAGE = "An unexpected error occurred. Quote the request_id when reporting it.";

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * A database failure that is not a bug, as what the client is told: 503 with Retry-After while
 * the database cannot be reached, 400 for text it cannot store. Null for anything else.
 */
export function databaseAppError(error: unknown): AppError | null {
  switch (classifyDatabaseFailure(error)) {
    case "unavailable":
      // The failure stays the cause: whoever answers the 503 can still tell an outage from other 503s.
      return Object.assign(
        new AppError("SERVICE_UNAVAILABLE", "The database cannot be reached right now; retry in a few seconds.", {
          "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
        }),
        { cause: error },
      );
    case "unstorable_text":
      return new AppError(
        "VALIDATION_FAILED",
        `Validation failed: the request holds text that cannot be stored (NUL characters)`,
      );
    default:
      return null;
  }
}

export function errorBody(code: ErrorCode, message: string, requestId: string): ErrorBody {
  const statusCode = ERROR_TABLE[code].status;
  return { statusCode, code, message, error: STATUS_CODES[statusCode] ?? "Error", request_id: requestId };
}

interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** "Validation failed: limit: Too big: expected number to be <=200; name: Required" */
export function validationMessage(issues: ReadonlyArray<IssueLike>): string {
  // An unknown key is named where it is ("parse_options.delimeter"), not at its parent.
  const named = issues.flatMap((issue) => {
    const keys = (issue as { keys?: unknown }).keys;
    return (issue as { code?: unknown }).code === "unrecognized_keys" && Array.isArray(keys)
      ? keys.map((key) => ({ ...issue, path: [...issue.path, String(key).replace(/\p{Cc}/gu, "?")] }))
      : [issue];
  });
  const parts = named.map((issue) => {
    const field = issue.path.map(String).join(".");
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return `Validation failed: ${parts.join("; ")}`;
}

interface TrpcErrorLike {
  code: string;
  message: string;
  cause?: unknown;
}

function hasIssues(value: unknown): value is { issues: IssueLike[] } {
  return typeof value === "object" && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

/** Whatever a call threw, as the AppError its answer carries: a tRPC error's own, else a 500. */
export function appErrorOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    return toAppError(error as TrpcErrorLike);
  }
  return toAppError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_ERROR_MESSAGE, cause: error });
}

/** Any error a tRPC or REST call ends with, as the AppError the client will see. */
export function toAppError(error: TrpcErrorLike): AppError {
  if (error instanceof AppError) return error;
  if (error.cause instanceof AppError) return error.cause;
  switch (error.code) {
    case "BAD_REQUEST":
      return new AppError(
        "VALIDATION_FAILED",
        hasIssues(error.cause) ? validationMessage(error.cause.issues) : error.message,
      );
    case "PARSE_ERROR":
      return new AppError("VALIDATION_FAILED", "The request body is not valid JSON.");
    case "UNSUPPORTED_MEDIA_TYPE":
      return new AppError("VALIDATION_FAILED", "The request body must be sent as Content-Type: application/json.");
    case "NOT_FOUND":
      return new AppError("ROUTE_NOT_FOUND", "No endpoint answers this path.");
    case "METHOD_NOT_SUPPORTED":
      return new AppError("METHOD_NOT_ALLOWED", "This endpoint does not accept this method.");
    case "PAYLOAD_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
    case "TOO_MANY_REQUESTS":
      return new AppError("RATE_LIMITED", "Too many requests.");
    default:
      return databaseAppError(error.cause ?? error) ?? new AppError("INTERNAL_ERROR", INTERNAL_ERROR_MESSAGE);
  }
}
