import { AppError, appErrorOf, errorBody, type ErrorCode } from "../errors";
import { classifyDatabaseFailure } from "../db/errors";
import { logger } from "../logger";
import { securityHeaders } from "./security-headers";

/**
 * What a failed call answers: the AppError it threw or carries (a procedure's refusal, a validation
 * error); a database that does not answer is a 503, anything else a 500. Logged with `subject` (the
 * method and path, tool or resource): an unreachable database as a warning, other failures of the
 * service as errors; refusals of the caller are not the service's fault and are not logged.
 */
export function refusalOf(error: unknown, requestId: string, subject: Record<string, string>): AppError {
  const answer = appErrorOf(error);
  if (answer.status === 503 && classifyDatabaseFailure(error) === "unavailable")
    logger.warn({ requestId, ...subject }, "database unreachable");
  else if (answer.status >= 500 && answer.status !== 503)
    logger.error({ err: error, requestId, ...subject }, "request failed");
  return answer;
}

export function jsonResponse(body: unknown, status: number, headers?: HeadersInit): Response {
  const response = new Response(status === 204 ? null : JSON.stringify(body), { status, headers });
  for (const [name, value] of Object.entries(securityHeaders())) response.headers.set(name, value);
  if (status !== 204) response.headers.set("content-type", "application/json; charset=utf-8");
  return response;
}

/** An error in the spec's body, with X-Request-Id. */
export function errorResponse(error: AppError, requestId: string, headers?: HeadersInit): Response {
  const response = jsonResponse(errorBody(error.code, error.message, requestId, error.issues), error.status, headers);
  for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  response.headers.set("x-request-id", requestId);
  return response;
}

export function errorResponseFor(code: ErrorCode, message: string, requestId: string, headers?: HeadersInit): Response {
  return errorResponse(new AppError(code, message), requestId, headers);
}

/** 405 for a route that exists with other methods. */
export function methodNotAllowed(request: { method: string }, requestId: string, allowed: string[]): Response {
  return errorResponseFor(
    "METHOD_NOT_ALLOWED",
    `${request.method} is not allowed here; use ${allowed.join(" or ")}.`,
    requestId,
    { allow: allowed.join(", ") },
  );
}
