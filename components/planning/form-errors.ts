import type { z } from "zod";
import { appCodeOf, errorMessage, formErrorsOf, type FormErrors } from "../trpc-errors";
import { fieldMessage } from "../validation-messages";
import type { FieldProblem } from "@/server/domain/planning/field-problems";

/** Field errors of the planning forms: the zod schema's and the shared rules' before sending, the server's after. */

export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a failed safeParse (category_ids.0 -> category_ids). */
export function zodFieldErrors(error: z.ZodError | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? "form");
    fields[field] ??= fieldMessage(issue.path.map(String).join("."), issue.message);
  }
  return fields;
}

export function problemFieldErrors(problems: readonly FieldProblem[]): FieldErrors {
  return Object.fromEntries(problems.map((problem) => [problem.field, fieldMessage(problem.field, problem.message)]));
}

// Codes whose message the planning domain writes as "field: problem; field: problem".
const FIELD_CODES = new Set(["DOMAIN_CONSTRAINT_VIOLATION", "RESOURCE_NOT_FOUND"]);

/**
 * The server's refusal, split over the form's fields: VALIDATION_FAILED as the tokens form reads
 * it, and 422 / 404 messages naming a field put next to that field; the rest above the form.
 */
export function serverFormErrors(error: unknown, fieldNames: readonly string[]): FormErrors {
  if (!error) return { fields: {}, form: null };
  const code = appCodeOf(error);
  if (code === undefined || !FIELD_CODES.has(code)) return formErrorsOf(error, fieldNames);
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const part of errorMessage(error).split("; ")) {
    const match = /^(\w+): (.+)$/.exec(part);
    if (match?.[1] && match[2] && fieldNames.includes(match[1])) fields[match[1]] = fieldMessage(match[1], match[2]);
    else rest.push(part);
  }
  return { fields, form: rest.length > 0 ? rest.join("; ") : null };
}
