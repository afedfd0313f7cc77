import { ERROR_TABLE, type ErrorCode } from "../errors";
import type { OperationMeta } from "../routers";

/**
 * The error codes each REST operation can answer, one table for the OpenAPI document and for the
 * REST handler's check of its own answers (an error status outside the table is logged as
 * "undocumented status", and the HTTP suite fails on such a line).
 *
 * An operation answers the codes of its kind, worked out from its meta, plus the ones its
 * procedure declares in `meta.errors` (what its domain functions throw).
 */

/** Every operation: bad input, the wrong method on its path, size limits, the rate limit, faults. */
const EVERY_OPERATION: readonly ErrorCode[] = [
  "VALIDATION_FAILED",
  "METHOD_NOT_ALLOWED",
  "PAYLOAD_TOO_LARGE",
  "REQUEST_HEADERS_TOO_LARGE",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
];

/** Operations behind a bearer token (a session or a personal access token). */
const SIGNED_IN: readonly ErrorCode[] = [
  "TOKEN_MISSING",
  "TOKEN_INVALID",
  "TOKEN_EXPIRED",
  "TOKEN_REVOKED",
  "WORKSPACE_ACCESS_REVOKED",
];

/** Operations behind a personal access token: its scopes. */
const PERSONAL_ACCESS_TOKEN: readonly ErrorCode[] = ["INSUFFICIENT_SCOPE"];

/** Operations with an id in the path. */
const WITH_PATH_ID: readonly ErrorCode[] = ["RESOURCE_NOT_FOUND"];

/** Writes that take an Idempotency-Key. */
const IDEMPOTENT: readonly ErrorCode[] = [
  "IDEMPOTENCY_KEY_INVALID",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_KEY_IN_PROGRESS",
];

/** The codes `meta`'s operation can answer, in ERROR_TABLE's order. */
export function documentedErrorCodes(meta: OperationMeta): ErrorCode[] {
  const codes = new Set<ErrorCode>([...EVERY_OPERATION, ...(meta.errors ?? [])]);
  if (meta.auth === "session" || meta.auth === "pat") SIGNED_IN.forEach((code) => codes.add(code));
  if (meta.auth === "pat") PERSONAL_ACCESS_TOKEN.forEach((code) => codes.add(code));
  if (meta.openapi.path.includes("{")) WITH_PATH_ID.forEach((code) => codes.add(code));
  if (meta.idempotent) IDEMPOTENT.forEach((code) => codes.add(code));
  return (Object.keys(ERROR_TABLE) as ErrorCode[]).filter((code) => codes.has(code));
}

/** A GET answering 200 carries an ETag and answers 304 to an If-None-Match naming it. */
export function answersNotModified(meta: OperationMeta): boolean {
  return meta.openapi.method === "GET" && (meta.successStatus ?? 200) === 200;
}

/** Every status `meta`'s operation can answer: its success, 304, alternates and errors. */
export function documentedStatuses(meta: OperationMeta): Set<number> {
  return new Set([
    meta.successStatus ?? 200,
    ...(answersNotModified(meta) ? [304] : []),
    ...(meta.alternateStatuses ?? []),
    ...documentedErrorCodes(meta).map((code) => ERROR_TABLE[code].status),
  ]);
}
