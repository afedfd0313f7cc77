import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/routers";
import { errorWords, pageLanguage } from "./error-words";
import {
  fieldMessage,
  sentences,
  translatedFieldMessage,
  translatedSentences,
  validationParts,
  type ValidationPart,
} from "./validation-messages";

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
const SESSION_ENDED = new Set([
  "TOKEN_MISSING",
  "TOKEN_INVALID",
  "TOKEN_EXPIRED",
  "TOKEN_REVOKED",
  "WORKSPACE_ACCESS_REVOKED",
]);

/** An error code (of tRPC or of a plain fetch) saying the session is gone: signed out elsewhere, revoked by a password change, expired. */
export function isSessionEndedCode(code: string | null | undefined): boolean {
  return code != null && SESSION_ENDED.has(code);
}

/** The browser's server-side session is gone. */
export function sessionEnded(error: unknown): boolean {
  return isSessionEndedCode(appCodeOf(error));
}

function serviceMessage(error: unknown): string {
  const clientError = asClientError(error);
  if (!clientError) return errorWords()("service.unexpected");
  if (clientError.data?.appCode === undefined) return errorWords()("service.unreachable");
  return clientError.message;
}

/** A VALIDATION_FAILED answer's "field: phrase" parts, with the API's field paths; null for any other error. */
export function validationPartsOf(error: unknown): ValidationPart[] | null {
  return appCodeOf(error) === "VALIDATION_FAILED" ? validationParts(serviceMessage(error)) : null;
}

/**
 * How validation failures read in the page's language: English names the fields as people do
 * (validation-messages.ts); another language says the service's phrases in its words.
 */
export function validationWords() {
  if (pageLanguage() === "en") return { field: fieldMessage, sentences };
  const t = errorWords();
  return {
    field: (path: string, phrase: string) => translatedFieldMessage(path, phrase, t),
    sentences: (parts: readonly ValidationPart[]) => translatedSentences(parts, t),
  };
}

/** What to tell the user; validation failures in plain sentences naming the fields as people do. */
export function errorMessage(error: unknown): string {
  const parts = validationPartsOf(error);
  return parts ? validationWords().sentences(parts) : serviceMessage(error);
}

export interface FormErrors {
  /** Messages for named fields ("name", "scopes", ...), from a VALIDATION_FAILED message. */
  fields: Record<string, string>;
  /** What belongs to no field of the form. */
  form: string | null;
}

/**
 * Splits "Validation failed: name: is required; scopes: must name at least one scope" into
 * messages next to the form's own fields ("Enter a name"); the rest is shown above the form.
 */
export function formErrorsOf(error: unknown, fieldNames: readonly string[]): FormErrors {
  if (!error) return { fields: {}, form: null };
  const parts = validationPartsOf(error);
  if (!parts) return { fields: {}, form: errorMessage(error) };
  const words = validationWords();
  const fields: Record<string, string> = {};
  const rest: ValidationPart[] = [];
  for (const part of parts) {
    const field = part.path.split(".")[0];
    if (field && fieldNames.includes(field)) {
      const message = words.field(part.path, part.phrase);
      fields[field] = fields[field] ? `${fields[field]}; ${message}` : message;
    } else {
      rest.push(part);
    }
  }
  return { fields, form: rest.length > 0 ? words.sentences(rest) : null };
}
