"use client";

import { useState } from "react";
import type { z } from "zod";
import { appCodeOf, errorMessage } from "./trpc-errors";

/** Messages by field path ("name", "accounts.1.currency_code") and what belongs to no field. */
export interface FieldErrors {
  fields: Record<string, string>;
  form: string | null;
}

const NONE: FieldErrors = { fields: {}, form: null };

/** The path a form knows: the full one ("accounts.1.currency_code"), else its first segment ("accounts"). */
function knownPath(path: string, fieldNames: readonly string[]): string | null {
  if (fieldNames.includes(path)) return path;
  const first = path.split(".")[0] ?? "";
  return fieldNames.includes(first) ? first : null;
}

function collect(parts: Array<{ path: string; message: string }>, fieldNames: readonly string[]): FieldErrors {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const { path, message } of parts) {
    const field = knownPath(path, fieldNames);
    if (field) fields[field] = fields[field] ? `${fields[field]}; ${message}` : message;
    else rest.push(path ? `${path}: ${message}` : message);
  }
  return { fields, form: rest.length > 0 ? rest.join("; ") : null };
}

/** The server's "Validation failed: a: ...; b.0.c: ..." split onto the form's fields; other errors go above the form. */
export function serverFieldErrors(error: unknown, fieldNames: readonly string[]): FieldErrors {
  if (!error) return NONE;
  const message = errorMessage(error);
  const prefix = "Validation failed: ";
  if (appCodeOf(error) !== "VALIDATION_FAILED" || !message.startsWith(prefix)) return { fields: {}, form: message };
  const parts = message
    .slice(prefix.length)
    .split("; ")
    .map((part) => {
      const match = /^([\w.]+): (.+)$/.exec(part);
      return match ? { path: match[1]!, message: match[2]! } : { path: "", message: part };
    });
  return collect(parts, fieldNames);
}

/**
 * A form checked in the browser with the zod schema the procedure itself validates with; what
 * only the server can know (a currency's places, a duplicate name) comes back the same way.
 */
export function useSchemaForm(fieldNames: readonly string[]) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  return {
    /** True when `value` passes `schema`; otherwise the issues are shown next to their fields. */
    validate(schema: z.ZodType, value: unknown): boolean {
      const result = schema.safeParse(value);
      if (result.success) {
        setClientErrors(null);
        return true;
      }
      setClientErrors(collect(result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })), fieldNames));
      return false;
    },
    errors(serverError: unknown): FieldErrors {
      return clientErrors ?? serverFieldErrors(serverError, fieldNames);
    },
    reset() {
      setClientErrors(null);
    },
  };
}
