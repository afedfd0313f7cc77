import { STATUS_CODES } from "node:http";
import { ERROR_TABLE, INTERNAL_ERROR_MESSAGE, type ErrorCode } from "../errors";
import type { OperationMeta } from "../routers";
import { headerRef, type HeaderName } from "./components";
import { answersNotModified, documentedErrorCodes } from "./statuses";

/** The answers an Idempotency-Key stores and replays: the success and the write's own refusals. */
const REPLAYABLE = (status: number, meta: OperationMeta) =>
  status === (meta.successStatus ?? 200) || (status >= 400 && status < 500 && ![405, 413, 429, 431].includes(status));

/** The headers of a response with `status` (431 comes from the HTTP parser, before any budget is spent). */
export function headersOf(status: number, meta: OperationMeta): Record<string, unknown> {
  const names: HeaderName[] = ["X-Request-Id"];
  if (status !== 431) names.push("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
  if (status === 429 || status === 503) names.push("Retry-After");
  if (status === 405) names.push("Allow");
  if (meta.idempotent && REPLAYABLE(status, meta)) names.push("Idempotent-Replayed");
  if ((status === 200 || status === 304) && answersNotModified(meta)) names.push("ETag");
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]));
}

/** A sentence like the server's own for each code, for the examples of the error responses. */
const SAMPLE_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: "Validation failed: limit: must be an integer from 1 to 100",
  PROGRAMMATIC_PAGINATION_MODE_CONFLICT: "Use either cursor or page, not both.",
  IDEMPOTENCY_KEY_INVALID: "The Idempotency-Key header is required for this request.",
  IMPORT_FILE_UNREADABLE: "The file could not be read as CSV: no row holds a date and an amount.",
  IMPORT_FILE_TYPE_UNSUPPORTED: "The file is not CSV, Excel, OFX, QFX, MT940, CAMT or QIF.",
  TOKEN_MISSING: "An Authorization: Bearer token is required.",
  TOKEN_INVALID: "The token is not valid.",
  TOKEN_EXPIRED: "The token has expired.",
  TOKEN_REVOKED: "The token has been revoked.",
  INVALID_CREDENTIALS: "The e-mail address or password is wrong.",
  INSUFFICIENT_SCOPE: "This token lacks the scope wallets:read.",
  WORKSPACE_ACCESS_REVOKED: "The token's owner is no longer a member of its workspace.",
  RESOURCE_NOT_FOUND: "No wallet with this id exists in the token's workspace.",
  ROUTE_NOT_FOUND: "No endpoint answers GET /api/v1/programmatic/wallet.",
  METHOD_NOT_ALLOWED: "PUT is not allowed here; use GET.",
  IDEMPOTENCY_KEY_REUSED: "This Idempotency-Key was used for a different request.",
  IDEMPOTENCY_KEY_IN_PROGRESS: "A request with this Idempotency-Key is still being answered; retry shortly.",
  IMPORT_STATE_CONFLICT: "The import is completed; only a parsed import can be confirmed.",
  RULE_APPLICATION_CONFLICT: "Rules are being applied in this workspace already; wait until it has finished.",
  TRANSACTION_RECONCILED:
    "The transaction 7f0c2d4e-1b6a-4c8e-9d2f-3a5b6c7d8e9f is reconciled: unlock it (reconciled: false) before changing its amount.",
  SYNC_TOKEN_EXPIRED:
    "This token is older than the deletions this service keeps (90 days): read the list in full without since, replace your copy with it, and go on from that answer's meta.server_knowledge.",
  PAYLOAD_TOO_LARGE: "The request body is larger than 10 MiB.",
  DOMAIN_CONSTRAINT_VIOLATION: "The category Groceries is archived; choose an active category.",
  RATE_LIMITED: "Too many requests with this token; retry after the time in Retry-After.",
  INTERNAL_ERROR: INTERNAL_ERROR_MESSAGE,
  REQUEST_HEADERS_TOO_LARGE: "The request line and headers are larger than 16 KiB.",
  SERVICE_UNAVAILABLE: "The database cannot be reached right now; retry in a few seconds.",
};

/** What else answers a status beyond its codes' own meaning. */
const STATUS_NOTES: Partial<Record<number, string>> = {
  405: "Another method on this path; Allow lists the ones it answers.",
  413: "The body (or its declared Content-Length) is over the limit.",
};

/** The codes by the status they answer, statuses ascending, codes in the order given. */
function byStatus(codes: readonly ErrorCode[]): Array<[number, ErrorCode[]]> {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = ERROR_TABLE[code];
    grouped.set(status, [...(grouped.get(status) ?? []), code]);
  }
  return [...grouped].sort(([a], [b]) => a - b);
}

/** A shared error response: the status, with an example of each code that answers it. */
function errorResponse(status: number, codes: ErrorCode[], idempotent: boolean) {
  const examples = Object.fromEntries(
    codes.map((code) => [
      code,
      {
        summary: code,
        value: {
          statusCode: status,
          code,
          message: SAMPLE_MESSAGES[code],
          error: STATUS_CODES[status] ?? "Error",
          request_id: "5f0c6b8e-2a4d-4c3b-9a8e-1d2f3a4b5c6d",
          ...(code === "VALIDATION_FAILED"
            ? { issues: [{ path: ["limit"], code: "too_big", message: "must be an integer from 1 to 100" }] }
            : {}),
        },
      },
    ]),
  );
  const meta = { idempotent } as OperationMeta;
  return {
    description: [
      `${STATUS_CODES[status]}: ${codes.join(", ")} (the operation's x-error-codes say which it answers).`,
      STATUS_NOTES[status],
    ]
      .filter(Boolean)
      .join(" "),
    headers: headersOf(status, meta),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples } },
  };
}

/** A shared error response's name: Error404, or Error409Idempotent for a write's answer a retry replays (its Idempotent-Replayed header). */
function errorResponseName(status: number, meta: Pick<OperationMeta, "idempotent" | "successStatus">): string {
  return `Error${status}${meta.idempotent && REPLAYABLE(status, meta as OperationMeta) ? "Idempotent" : ""}`;
}

/**
 * The error responses the operations refer to (components.responses), by the names `errorResponses`
 * gave them: one per status, with an example per code, and for the statuses a write replays under
 * its Idempotency-Key a second one with that header. Written inline on each operation they were
 * 500 KB of the document.
 */
export function sharedErrorResponses(names: ReadonlySet<string>): Record<string, ReturnType<typeof errorResponse>> {
  const responses: Record<string, ReturnType<typeof errorResponse>> = {};
  for (const [status, codes] of byStatus(Object.keys(ERROR_TABLE) as ErrorCode[])) {
    for (const idempotent of [false, true]) {
      const name = errorResponseName(status, { idempotent });
      if (names.has(name)) responses[name] = errorResponse(status, codes, idempotent);
    }
  }
  return responses;
}

/** The names of the shared responses an operation's responses refer to. */
export function sharedResponseNames(operations: Iterable<{ responses?: Record<string, unknown> }>): Set<string> {
  const names = new Set<string>();
  for (const operation of operations)
    for (const response of Object.values(operation.responses ?? {})) {
      const ref = (response as { $ref?: unknown }).$ref;
      if (typeof ref === "string") names.add(ref.replace("#/components/responses/", ""));
    }
  return names;
}

/** The codes of an operation's error table by status (its x-error-codes). */
export function errorCodesOf(meta: OperationMeta): Record<string, ErrorCode[]> {
  const codes = documentedErrorCodes(meta).filter(
    (code) => !meta.alternateStatuses?.includes(ERROR_TABLE[code].status),
  );
  return Object.fromEntries(byStatus(codes).map(([status, grouped]) => [String(status), grouped]));
}

/** The error responses of an operation, one per status, each a reference to the shared response. */
export function errorResponses(meta: OperationMeta): Record<string, { $ref: string }> {
  return Object.fromEntries(
    Object.keys(errorCodesOf(meta)).map((status) => [
      status,
      { $ref: `#/components/responses/${errorResponseName(Number(status), meta)}` },
    ]),
  );
}
