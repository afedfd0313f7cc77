import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/routers";

/** Reading the service's errors in the dashboard: `data.appCode` is the code of CONTRACT "Errors". */

type ClientError = TRPCClientError<AppRouter>;

function asClientError(error: unknown): ClientError | null {
  return error instanceof TRPCClientError ? (error as ClientError) : null;
}

export function appCodeOf(error: unknown): string | undefined {
  return asClientError(error)?.data?.appCode;
}

/**
 * Worth asking again: the service could not be reached or failed itself. (Read from the app code:
 * the tRPC surface currently answers domain errors with HTTP 500 and the real code in `appCode`.)
 */
export function isRetryable(error: unknown): boolean {
  const code = appCodeOf(error);
  return code === undefined || code === "INTERNAL_ERROR" || code === "SERVICE_UNAVAILABLE";
}

// INVALID_CREDENTIALS is a wrong password typed into a form, not a dead session.
const SESSION_ENDED = new Set(["TOKEN_MISSING", "TOKEN_INVALID", "TOKEN_EXPIRED", "TOKEN_REVOKED", "WORKSPACE_ACCESS_REVOKED"]);

/** The browser's server-side session is gone (signed out elsewhere, revoked by a password change, expired). */
export function sessionEnded(error: unknown): boolean {
  const code = appCodeOf(error);
  return code !== undefined && SESSION_ENDED.has(code);
}

export function errorMessage(error: unknown): string {
  const clientError = asClientError(error);
  if (!clientError) return "Something went wrong. Try again.";
  if (clientError.data?.appCode === undefined) return "The service could not be reached. Try again.";
  return clientError.message;
}

export interface FormErrors {
  /** Messages for named fields ("name", "scopes", ...), from a VALIDATION_FAILED message. */
  fields: Record<string, string>;
  /** What belongs to no field of the form. */
  form: string | null;
}

/**
 * Splits "Validation failed: name: Too small...; scopes: must name at least one scope" into
 * messages next to the form's own fields; the rest is shown above the form.
 */
export function formErrorsOf(error: unknown, fieldNames: readonly string[]): FormErrors {
  if (!error) return { fields: {}, form: null };
  const message = errorMessage(error);
  if (appCodeOf(error) !== "VALIDATION_FAILED" || !message.startsWith("Validation failed: ")) {
    return { fields: {}, form: message };
  }
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const part of message.slice("Validation failed: ".length).split("; ")) {
    const match = /^([\w.]+): (.+)$/.exec(part);
    const field = match?.[1]?.split(".")[0];
    if (match && field && fieldNames.includes(field) && match[2]) {
      fields[field] = fields[field] ? `${fields[field]}; ${match[2]}` : match[2];
    } else {
      rest.push(part);
    }
  }
  return { fields, form: rest.length > 0 ? `Validation failed: ${rest.join("; ")}` : null };
}
