import { STATUS_CODES } from "node:http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { classifyDatabaseFailure, reconciledTransactionId } from "./db/errors";

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
  TRANSACTION_RECONCILED: { status: 409, trpc: "CONFLICT" },
  SYNC_TOKEN_EXPIRED: { status: 410, trpc: "PRECONDITION_FAILED" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  DOMAIN_CONSTRAINT_VIOLATION: { status: 422, trpc: "UNPROCESSABLE_CONTENT" },
  RATE_LIMITED: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  INTERNAL_ERROR: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, trpc: "BAD_REQUEST" },
  SERVICE_UNAVAILABLE: { status: 503, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** One thing wrong with a request's input: where (keys and indexes), what kind of problem, and in words. */
export interface ValidationIssue {
  path: Array<string | number>;
  code: string;
  message: string;
}

/** The body of every error response (spec "Errors"); a 400 may name each problem in `issues` (CONTRACT "Strictness"). */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  error: string;
  request_id: string;
  issues?: ValidationIssue[];
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
    /** Each problem of an input that failed validation, for the body's `issues` (errorBody names one when none is given). */
    readonly issues: ValidationIssue[] = [],
  ) {
    super(message);
    this.status = ERROR_TABLE[code].status;
  }
}

/** "Validation failed: timezone: Mars/Olympus is not an IANA time zone": the field's path and its problem. */
const FIELD_PROBLEM = /^Validation failed: ([\w-]+(?:\.[\w-]+)*): ([^]+)$/;

/**
 * The one problem of a validation error raised with a message alone, so that every 400
 * VALIDATION_FAILED lists its problems as `issues` (docs/api.md "Errors"): the field its message
 * names ("Validation failed: home_currency: ZZZ is not a supported currency"), else the request as
 * a whole (an empty path: "The HTTP request is malformed.").
 */
function issueOfMessage(message: string): ValidationIssue {
  const named = FIELD_PROBLEM.exec(message);
  if (!named) return { path: [], code: "custom", message: message.replace(/^Validation failed: /, "") };
  const path = named[1]!.split(".").map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  return { path, code: "custom", message: named[2]! };
}

/** 400 VALIDATION_FAILED naming every problem, in the message and as `issues`. */
export function validationError(issues: ReadonlyArray<IssueLike>): AppError {
  const named = namedIssues(issues);
  return new AppError("VALIDATION_FAILED", validationMessage(named), {}, named);
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
    case "reconciled":
      return reconciledError(reconciledTransactionId(error));
    case "split_category":
      return new AppError(
        "DOMAIN_CONSTRAINT_VIOLATION",
        "The transaction is split: its parts carry the categories. Change the parts' categories, or unsplit it first.",
      );
    default:
      return null;
  }
}

/** 409: a reconciled transaction's statement fields and its existence are locked until it is unlocked. */
function reconciledError(id: string | null): AppError {
  return new AppError(
    "TRANSACTION_RECONCILED",
    `The transaction ${id ?? ""} is reconciled: unlock it (reconciled: false) before changing its account, date, ` +
      "amount, description, counterparty or cleared mark, or deleting it.",
  );
}

export function errorBody(
  code: ErrorCode,
  message: string,
  requestId: string,
  issues: ReadonlyArray<ValidationIssue> = [],
): ErrorBody {
  const statusCode = ERROR_TABLE[code].status;
  const body: ErrorBody = {
    statusCode,
    code,
    message,
    error: STATUS_CODES[statusCode] ?? "Error",
    request_id: requestId,
  };
  if (issues.length > 0) body.issues = [...issues];
  else if (code === "VALIDATION_FAILED") body.issues = [issueOfMessage(message)];
  return body;
}

interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
}

/** A bound a too_big or too_small issue of zod names. */
const boundOf = (issue: IssueLike) =>
  (issue as { maximum?: unknown; minimum?: unknown })[issue.code === "too_big" ? "maximum" : "minimum"];

/**
 * Of two bounds of one kind on one field, the one that decides: a page of 10^20 is over both the
 * safe integers' bound zod's int() adds and the field's own 1,000,000, and only the tighter one is
 * worth saying.
 */
function tightestBounds(issues: ReadonlyArray<IssueLike>): ReadonlyArray<IssueLike> {
  const kept = new Map<string, IssueLike>();
  const bounded = (issue: IssueLike) =>
    (issue.code === "too_big" || issue.code === "too_small") && typeof boundOf(issue) === "number";
  const keyOf = (issue: IssueLike) => `${issue.code} ${issue.path.map(String).join(".")}`;
  for (const issue of issues) {
    if (!bounded(issue)) continue;
    const key = keyOf(issue);
    const other = kept.get(key);
    const tighter = (a: IssueLike, b: IssueLike) =>
      issue.code === "too_big"
        ? (boundOf(a) as number) < (boundOf(b) as number)
        : (boundOf(a) as number) > (boundOf(b) as number);
    if (!other || tighter(issue, other)) kept.set(key, issue);
  }
  return issues.filter((issue) => !bounded(issue) || kept.get(keyOf(issue)) === issue);
}

/** zod's issues as the body names them: an unknown key at its own path ("parse_options.delimeter"), not at its parent. */
function namedIssues(issues: ReadonlyArray<IssueLike>): ValidationIssue[] {
  return tightestBounds(issues).flatMap((issue) => {
    const path = issue.path.map((key) => (typeof key === "number" ? key : String(key).replace(/\p{Cc}/gu, "?")));
    const keys = (issue as { keys?: unknown }).keys;
    if (issue.code === "unrecognized_keys" && Array.isArray(keys))
      return keys.map((key) => ({
        path: [...path, String(key).replace(/\p{Cc}/gu, "?")],
        code: "unrecognized_key",
        message: issue.message,
      }));
    return [{ path, code: issue.code ?? "custom", message: issue.message }];
  });
}

/** "Validation failed: limit: Too big: expected number to be <=200; name: Required" */
export function validationMessage(issues: ReadonlyArray<IssueLike>): string {
  const named = namedIssues(issues);
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
      return hasIssues(error.cause)
        ? validationError(error.cause.issues)
        : new AppError("VALIDATION_FAILED", error.message);
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
