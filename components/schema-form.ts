"use client";

import { useState } from "react";
import type { z } from "zod";
import { useLocale } from "./locale/locale-provider";
import { errorMessage, validationPartsOf, validationWords } from "./trpc-errors";
import type { ValidationPart } from "./validation-messages";

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
  const words = validationWords();
  const fields: Record<string, string> = {};
  const rest: ValidationPart[] = [];
  for (const { path, message } of parts) {
    const field = knownPath(path, fieldNames);
    const shown = field ? words.field(path, message) : "";
    if (field) fields[field] = fields[field] ? `${fields[field]}; ${shown}` : shown;
    else rest.push({ path, phrase: message });
  }
  return { fields, form: rest.length > 0 ? words.sentences(rest) : null };
}

/** The server's "Validation failed: a: ...; b.0.c: ..." split onto the form's fields; other errors go above the form. */
export function serverFieldErrors(error: unknown, fieldNames: readonly string[]): FieldErrors {
  if (!error) return NONE;
  const parts = validationPartsOf(error);
  if (!parts) return { fields: {}, form: errorMessage(error) };
  return collect(
    parts.map(({ path, phrase }) => ({ path, message: phrase })),
    fieldNames,
  );
}

/**
 * A form checked in the browser with the zod schema the procedure itself validates with; what
 * only the server can know (a currency's places, a duplicate name) comes back the same way.
 */
export function useSchemaForm(fieldNames: readonly string[]) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const { readAmounts } = useLocale();
  return {
    /**
     * `value` with its amounts at `amountPaths` ("amount", "accounts.*.opening_balance") read in the
     * user's locale ("1.234,56" -> "1234.56"), when they and `schema` accept it; otherwise null, and
     * the problems are shown next to their fields (the amount reader's own message wins).
     */
    accept<Value>(schema: z.ZodType, value: Value, amountPaths: readonly string[]): Value | null {
      const read = readAmounts(value, amountPaths);
      const result = schema.safeParse(read.value);
      const issues = (result.error?.issues ?? []).map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      }));
      const parts = [
        ...Object.entries(read.problems).map(([path, message]) => ({ path, message })),
        ...issues.filter((issue) => !(issue.path in read.problems)),
      ];
      setClientErrors(parts.length > 0 ? collect(parts, fieldNames) : null);
      return parts.length > 0 ? null : read.value;
    },
    /** True when `value` passes `schema`; otherwise the issues are shown next to their fields. */
    validate(schema: z.ZodType, value: unknown): boolean {
      const result = schema.safeParse(value);
      if (result.success) {
        setClientErrors(null);
        return true;
      }
      setClientErrors(
        collect(
          result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
          fieldNames,
        ),
      );
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
